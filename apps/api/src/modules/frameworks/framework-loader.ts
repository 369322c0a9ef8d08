import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { FrameworkSource, MappingRelationship, NormalizedRequirement, NormalizedTemplate, ProjectType } from '@aegis/contracts';
import { PROJECT_TYPES } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { controlDefinitions, frameworkRequirements, frameworks, requirementControls } from '../../db/schema';

/** Who a loaded framework belongs to, and how it came. */
export type LoadScope = {
  organizationId: string | null;
  source: FrameworkSource;
  enabledByDefault: boolean;
  createdBy: string | null;
  contentHash: string;
};

const CHUNK = 400;
const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

type Binds = 'operators' | 'authorities';
type FlatRequirement = { node: NormalizedRequirement; parentCode: string | null; position: number; depth: number; binds: Binds };

/** Why a requirement that binds public authorities only is not applicable to any project. */
export const AUTHORITIES_ONLY_REASON = 'Binds public authorities only; shown for reference.';

export type DeletedBy = { act: string; see?: string };

/** Why a requirement deleted by an amending act is not applicable to any project, e.g. "Deleted by Regulation (EU) 2026/1744, see Art. 4a". */
export const deletedReason = (deletedBy: DeletedBy) => `Deleted by ${deletedBy.act}${deletedBy.see ? `, see ${deletedBy.see}` : ''}`;

/** `deletedReason` in SQL, over a `framework_requirements` row aliased `r` (null when it is not deleted). */
export const DELETED_REASON_SQL = sql`('Deleted by ' || (r.deleted_by ->> 'act') || coalesce(', see ' || (r.deleted_by ->> 'see'), ''))`;

/** The reason a requirement is never applicable, whatever the project (deleted, or binding authorities only); null otherwise. */
export const FIXED_REASON_SQL = sql`case when r.deleted_by is not null then ${DELETED_REASON_SQL} when r.binds = 'authorities' then ${AUTHORITIES_ONLY_REASON} end`;

/** The tree in depth-first order, so that reading it back by position rebuilds it; `binds` is inherited. */
export function flatten(nodes: NormalizedRequirement[], parentCode: string | null = null, depth = 0, out: FlatRequirement[] = [], inherited: Binds = 'operators'): FlatRequirement[] {
  for (const node of nodes) {
    const binds = node.binds ?? inherited;
    out.push({ node, parentCode, position: out.length, depth, binds });
    flatten(node.children, node.code, depth + 1, out, binds);
  }
  return out;
}

const notesOf = (node: NormalizedRequirement) => [...(node.notes ?? []), ...(node.applies_from_note ? [`Applies from: ${node.applies_from_note}`] : [])];

/** One mapping row by codes: requirement code, control code, relationship, source, rationale, strength, position. */
type MappingTuple = [string, string, string, string, string | null, number | null, number];

/**
 * What loading a template writes, computed without the database: flattened requirements, own controls,
 * and the mappings as JSON chunks of CHUNK rows. Uploads build it in a worker thread
 * (template-worker.ts), so the request loop only parses one small chunk at a time while it writes.
 */
export type LoadPlan = {
  template: Omit<NormalizedTemplate, 'requirements'>;
  requirements: { code: string; parentCode: string | null; position: number; depth: number; binds: Binds; row: RequirementValues }[];
  mappingChunks: string[];
  /** Mapped codes that are not the template's own controls (MFF-1's, looked up once). */
  referencedCodes: string[];
  mappingCount: number;
};

type RequirementValues = {
  title: string;
  summary: string | null;
  reference: string | null;
  notes: string[];
  appliesWhen: unknown;
  appliesFrom: string | null;
  coverage: 'full' | 'partial' | null;
  coverageNote: string | null;
  deletedBy: DeletedBy | null;
  appliesFromWhen: NormalizedRequirement['applies_from_when'] | null;
};

export function planLoad(template: NormalizedTemplate): LoadPlan {
  const { requirements, ...rest } = template;
  const flat = flatten(requirements);
  const own = new Set(template.controls.map((c) => c.code));
  const referenced = new Set<string>();
  const tuples: MappingTuple[] = [];
  for (const { node } of flat) {
    node.controls.forEach((mapping, position) => {
      if (!own.has(mapping.code)) referenced.add(mapping.code);
      tuples.push([node.code, mapping.code, mapping.relationship, mapping.source, mapping.rationale ?? null, mapping.strength ?? null, position]);
    });
  }
  return {
    template: rest,
    requirements: flat.map(({ node, parentCode, position, depth, binds }) => ({
      code: node.code,
      parentCode,
      position,
      depth,
      binds,
      row: {
        title: node.title,
        summary: node.summary ?? null,
        reference: node.reference ?? null,
        notes: notesOf(node),
        appliesWhen: node.applies_when ?? null,
        appliesFrom: node.applies_from ?? null,
        coverage: node.coverage ?? null,
        coverageNote: node.coverage_note ?? null,
        deletedBy: node.deleted_by ?? null,
        appliesFromWhen: node.applies_from_when ?? null,
      },
    })),
    mappingChunks: chunks(tuples).map((part) => JSON.stringify(part)),
    referencedCodes: [...referenced],
    mappingCount: tuples.length,
  };
}

/** Lets the request loop serve others between two chunks (PGlite's promises may settle without a turn of it). */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes a validated template into the framework tables, in the caller's transaction. Loading a
 * framework that exists (a built-in whose content changed) updates it in place: requirements and
 * controls keep their ids by code, so projects that apply it keep their work.
 */
export async function loadTemplate(db: Executor, template: NormalizedTemplate, scope: LoadScope): Promise<string> {
  return loadPlan(db, planLoad(template), scope);
}

/** `loadTemplate` from a plan: every write in chunks of CHUNK rows, yielding to the loop between them. */
export async function loadPlan(db: Executor, plan: LoadPlan, scope: LoadScope): Promise<string> {
  const { template } = plan;
  const projectTypes: ProjectType[] = template.project_types ?? [...PROJECT_TYPES];
  const values = {
    organizationId: scope.organizationId,
    code: template.framework_code,
    source: scope.source,
    name: template.name,
    version: template.version,
    publisher: template.publisher ?? null,
    description: template.description ?? null,
    notice: template.notice ?? null,
    url: template.url ?? null,
    projectTypes,
    questionnaire: template.questionnaire,
    enabledByDefault: scope.enabledByDefault,
    contentHash: scope.contentHash,
    requirementCount: 0,
    controlCount: 0,
    createdBy: scope.createdBy,
  };
  const scopeWhere = scope.organizationId ? eq(frameworks.organizationId, scope.organizationId) : isNull(frameworks.organizationId);
  const [existing] = await db.select({ id: frameworks.id }).from(frameworks).where(and(scopeWhere, eq(frameworks.code, template.framework_code)));
  const frameworkId = existing
    ? (await db.update(frameworks).set({ ...values, updatedAt: sql`now()` }).where(eq(frameworks.id, existing.id)).returning({ id: frameworks.id }))[0]!.id
    : (await db.insert(frameworks).values(values).returning({ id: frameworks.id }))[0]!.id;

  const controlIds = await loadOwnControls(db, template, frameworkId, scope.organizationId);
  const requirementIds = await loadRequirements(db, plan, frameworkId);

  const referenced = plan.referencedCodes.filter((code) => !controlIds.has(code));
  for (const part of chunks(referenced)) {
    const platform = await db
      .select({ id: controlDefinitions.id, code: controlDefinitions.code })
      .from(controlDefinitions)
      .where(and(isNull(controlDefinitions.organizationId), inArray(controlDefinitions.code, part)));
    for (const row of platform) controlIds.set(row.code, row.id);
  }
  await db.delete(requirementControls).where(inArray(requirementControls.requirementId, db.select({ id: frameworkRequirements.id }).from(frameworkRequirements).where(eq(frameworkRequirements.frameworkId, frameworkId))));
  const mappedRequirements = new Set<string>();
  const mappedControls = new Set<string>();
  for (const chunk of plan.mappingChunks) {
    const rows = (JSON.parse(chunk) as MappingTuple[]).map(([requirementCode, code, relationship, source, rationale, strength, position]) => {
      const controlId = controlIds.get(code);
      if (!controlId) throw new Error(`${template.framework_code} ${requirementCode}: control ${code} is not defined`);
      const requirementId = requirementIds.get(requirementCode)!;
      mappedRequirements.add(requirementId);
      mappedControls.add(controlId);
      return { requirementId, controlId, relationship: relationship as MappingRelationship, source, rationale, strength, position };
    });
    await db.insert(requirementControls).values(rows).onConflictDoNothing();
    await yieldToLoop();
  }
  await syncAuthorityApplicability(db, frameworkId);

  await db.update(frameworks).set({ requirementCount: mappedRequirements.size, controlCount: mappedControls.size }).where(eq(frameworks.id, frameworkId));
  return frameworkId;
}

/**
 * Projects that already apply the framework follow a change of `binds` or `deleted_by`: a requirement that
 * binds authorities only or was deleted is never applicable; one that no longer is gets back the default,
 * unless the project chose otherwise (its reason is then not ours).
 */
async function syncAuthorityApplicability(db: Executor, frameworkId: string) {
  await db.execute(sql`
    update project_requirements pr
       set applicable = f.reason is null,
           applicability_reason = f.reason
      from (select r.id, ${FIXED_REASON_SQL} as reason from framework_requirements r where r.framework_id = ${frameworkId}) f
     where f.id = pr.requirement_id
       and ((f.reason is not null and (pr.applicable or pr.applicability_reason is distinct from f.reason))
         or (f.reason is null and (pr.applicability_reason = ${AUTHORITIES_ONLY_REASON} or pr.applicability_reason like 'Deleted by %')))`);
}

/** The template's own controls, upserted by code in its scope; returns code → id. */
async function loadOwnControls(db: Executor, template: Pick<NormalizedTemplate, 'controls'>, frameworkId: string, organizationId: string | null) {
  const ids = new Map<string, string>();
  const rows = template.controls.map((control) => ({
    organizationId,
    frameworkId,
    code: control.code,
    title: control.title,
    objective: control.objective ?? null,
    guidance: control.guidance ?? null,
    evidenceExamples: control.evidence_examples ?? [],
    domain: control.domain ?? null,
    lifecyclePhase: control.lifecycle_phase ?? [],
  }));
  const target = organizationId ? [controlDefinitions.organizationId, controlDefinitions.code] : [controlDefinitions.code];
  const targetWhere = organizationId ? sql`organization_id is not null` : sql`organization_id is null`;
  for (const part of chunks(rows)) {
    const written = await db
      .insert(controlDefinitions)
      .values(part)
      .onConflictDoUpdate({
        target,
        targetWhere,
        set: {
          frameworkId: sql`excluded.framework_id`,
          title: sql`excluded.title`,
          objective: sql`excluded.objective`,
          guidance: sql`excluded.guidance`,
          evidenceExamples: sql`excluded.evidence_examples`,
          domain: sql`excluded.domain`,
          lifecyclePhase: sql`excluded.lifecycle_phase`,
        },
      })
      .returning({ id: controlDefinitions.id, code: controlDefinitions.code });
    for (const row of written) ids.set(row.code, row.id);
  }
  return ids;
}

/** The requirement tree, upserted by code; requirements the template no longer has are removed. Returns code → id. */
async function loadRequirements(db: Executor, plan: LoadPlan, frameworkId: string) {
  const flat = plan.requirements;
  const ids = new Map<string, string>();
  for (const part of chunks(flat)) {
    const written = await db
      .insert(frameworkRequirements)
      .values(part.map(({ code, row, position, depth, binds }) => ({ frameworkId, code, ...row, appliesWhen: (row.appliesWhen as NormalizedRequirement['applies_when']) ?? null, binds, position, depth })))
      .onConflictDoUpdate({
        target: [frameworkRequirements.frameworkId, frameworkRequirements.code],
        set: {
          title: sql`excluded.title`,
          summary: sql`excluded.summary`,
          reference: sql`excluded.reference`,
          notes: sql`excluded.notes`,
          appliesWhen: sql`excluded.applies_when`,
          appliesFrom: sql`excluded.applies_from`,
          coverage: sql`excluded.coverage`,
          coverageNote: sql`excluded.coverage_note`,
          binds: sql`excluded.binds`,
          deletedBy: sql`excluded.deleted_by`,
          appliesFromWhen: sql`excluded.applies_from_when`,
          position: sql`excluded.position`,
          depth: sql`excluded.depth`,
        },
      })
      .returning({ id: frameworkRequirements.id, code: frameworkRequirements.code });
    for (const row of written) ids.set(row.code, row.id);
    await yieldToLoop();
  }
  const withParents = flat.filter((f) => f.parentCode !== null).map((f) => ({ id: ids.get(f.code)!, parent: ids.get(f.parentCode!)! }));
  for (const part of chunks(withParents)) {
    const pairs = sql.join(part.map((p) => sql`(${p.id}::uuid, ${p.parent}::uuid)`), sql`, `);
    await db.execute(sql`update framework_requirements r set parent_id = v.parent from (values ${pairs}) as v(id, parent) where r.id = v.id`);
    await yieldToLoop();
  }
  const roots = flat.filter((f) => f.parentCode === null).map((f) => f.code);
  for (const part of chunks(roots)) {
    await db.update(frameworkRequirements).set({ parentId: null }).where(and(eq(frameworkRequirements.frameworkId, frameworkId), inArray(frameworkRequirements.code, part)));
  }
  await db.delete(frameworkRequirements).where(and(eq(frameworkRequirements.frameworkId, frameworkId), notInArray(frameworkRequirements.code, [...ids.keys()])));
  return ids;
}
