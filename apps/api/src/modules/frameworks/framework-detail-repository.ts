import { sql } from 'drizzle-orm';
import type { ControlDefinition, ControlMappingView, CrosswalkEntry, LifecyclePhase, RequirementNode } from '@aegis/contracts';
import type { Executor } from '../../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

type RequirementRow = {
  id: string;
  parent_id: string | null;
  code: string;
  title: string;
  summary: string | null;
  reference: string | null;
  notes: unknown;
  applies_when: unknown;
  applies_from: string | null;
  coverage: 'full' | 'partial' | null;
  coverage_note: string | null;
  controls: unknown;
};

/** Requirement rows per slice of the tree: whole top-level requirements, about this many rows at a time. */
const SLICE_ROWS = 200;

/** Reads a framework's requirement tree with each requirement's mappings, in two queries at most. */
export const frameworkDetailRepository = {
  async tree(db: Executor, frameworkId: string): Promise<RequirementNode[]> {
    return this.treeRange(db, frameworkId, 0, null);
  },

  /**
   * The tree in slices of whole top-level requirements (about SLICE_ROWS rows each, one query per slice),
   * so a large framework is read and serialized a bounded piece at a time.
   */
  async *treeSlices(db: Executor, frameworkId: string): AsyncGenerator<RequirementNode[]> {
    const roots = rowsOf<{ position: number }>(
      await db.execute(sql`select position from framework_requirements where framework_id = ${frameworkId} and parent_id is null order by position`),
    ).map((r) => Number(r.position));
    let start = 0;
    while (start < roots.length) {
      let end = start + 1;
      while (end < roots.length && roots[end]! - roots[start]! < SLICE_ROWS) end++;
      yield await this.treeRange(db, frameworkId, roots[start]!, end < roots.length ? roots[end]! : null);
      start = end;
    }
  },

  /** The requirements at positions [from, to) — whole subtrees when `from` and `to` are top-level positions. */
  async treeRange(db: Executor, frameworkId: string, from: number, to: number | null): Promise<RequirementNode[]> {
    const range = to === null ? sql`r.position >= ${from}` : sql`r.position >= ${from} and r.position < ${to}`;
    // One correlated aggregate per requirement, by the mappings' primary key: the plan stays an index
    // lookup whatever the statistics say (fresh uploads have none yet until the next analyze).
    const rows = rowsOf<RequirementRow>(
      await db.execute(sql`
        select r.id, r.parent_id, r.code, r.title, r.summary, r.reference, r.notes, r.applies_when, r.applies_from, r.coverage, r.coverage_note,
               coalesce((
                 select json_agg(json_build_object('control_code', c.code, 'title', c.title, 'relationship', rc.relationship, 'source', rc.source,
                                                   'rationale', rc.rationale, 'strength', rc.strength) order by rc.position, c.code)
                   from requirement_controls rc
                   join control_definitions c on c.id = rc.control_id
                  where rc.requirement_id = r.id
               ), '[]'::json) as controls
          from framework_requirements r
         where r.framework_id = ${frameworkId} and ${range}
         order by r.position`),
    );
    const nodes = new Map<string, RequirementNode>();
    const roots: RequirementNode[] = [];
    for (const row of rows) {
      const node: RequirementNode = {
        code: row.code,
        title: row.title,
        summary: row.summary,
        reference: row.reference,
        notes: parsed<string[]>(row.notes),
        applies_when: parsed(row.applies_when) ?? null,
        applies_from: row.applies_from,
        coverage: row.coverage,
        coverage_note: row.coverage_note,
        controls: parsed<ControlMappingView[]>(row.controls),
        children: [],
      };
      nodes.set(row.id, node);
      const parent = row.parent_id ? nodes.get(row.parent_id) : undefined;
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  },

  /** The controls the framework maps to, with what defines them. */
  async controls(db: Executor, frameworkId: string): Promise<ControlDefinition[]> {
    const rows = rowsOf<{
      code: string;
      title: string;
      objective: string | null;
      guidance: string | null;
      evidence_examples: unknown;
      domain: string | null;
      lifecycle_phase: LifecyclePhase[];
      defined_by: string;
    }>(
      await db.execute(sql`
        select c.code, c.title, c.objective, c.guidance, c.evidence_examples, c.domain, c.lifecycle_phase, d.code as defined_by
          from control_definitions c
          join frameworks d on d.id = c.framework_id
         where c.id in (select rc.control_id from requirement_controls rc join framework_requirements r on r.id = rc.requirement_id where r.framework_id = ${frameworkId})
         order by c.code`),
    );
    return rows.map((row) => ({
      control_code: row.code,
      title: row.title,
      objective: row.objective,
      guidance: row.guidance,
      evidence_examples: parsed<string[]>(row.evidence_examples),
      domain: row.domain,
      lifecycle_phase: row.lifecycle_phase,
      defined_by: row.defined_by,
    }));
  },

  /**
   * For each control of the framework, the requirements of the other frameworks the organization has
   * switched on (or, for the platform view, every platform framework) that map to it too.
   */
  async crosswalk(db: Executor, frameworkId: string, organizationId: string | null): Promise<Record<string, CrosswalkEntry[]>> {
    const visible = organizationId
      ? sql`(f.organization_id = ${organizationId} or (f.organization_id is null and coalesce(o.enabled, f.enabled_by_default)))`
      : sql`f.organization_id is null`;
    const rows = rowsOf<{ control_code: string } & CrosswalkEntry>(
      await db.execute(sql`
        select c.code as control_code, f.code as framework_code, f.name as framework_name, r2.code as requirement_code, r2.title as requirement_title, rc2.relationship
          from control_definitions c
          join requirement_controls rc2 on rc2.control_id = c.id
          join framework_requirements r2 on r2.id = rc2.requirement_id
          join frameworks f on f.id = r2.framework_id
          left join organization_frameworks o on o.framework_id = f.id and o.organization_id = ${organizationId}
         where c.id in (select rc.control_id from requirement_controls rc join framework_requirements r on r.id = rc.requirement_id where r.framework_id = ${frameworkId})
           and f.id <> ${frameworkId} and f.code <> 'MFF-1' and ${visible}
         order by c.code, lower(f.name), r2.position`),
    );
    const byControl: Record<string, CrosswalkEntry[]> = {};
    for (const { control_code, ...entry } of rows) (byControl[control_code] ??= []).push(entry);
    return byControl;
  },
};
