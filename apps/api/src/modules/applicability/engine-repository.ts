import { sql } from 'drizzle-orm';
import type { ProjectType, TemplateQuestion, WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { activityLogs } from '../../db/schema';
import type { ControlNode, RequirementNode } from './decide';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
/** Rows per statement of a bulk update: three or four parameters each, far below PostgreSQL's 65,535. */
const SLICE = 2000;
const slices = <T>(rows: readonly T[]) => Array.from({ length: Math.ceil(rows.length / SLICE) }, (_, i) => rows.slice(i * SLICE, (i + 1) * SLICE));

export type ScopingFramework = { id: string; code: string; name: string; applied: boolean; questionnaire: TemplateQuestion[] };

/** The SQL of the applicability engine: what it reads of a project and the rows it moves. */
export const engineRepository = {
  /**
   * Locks the project's row for the rest of the transaction, so re-evaluations of one project run one at a
   * time. `for no key update`: rows that reference the project (activity entries, work of other
   * transactions) can still be written meanwhile. Undefined when the organization has no such project.
   */
  async lockProject(db: Executor, organizationId: string, projectId: string): Promise<{ project_type: ProjectType } | undefined> {
    return rowsOf<{ project_type: ProjectType }>(
      await db.execute(sql`select project_type from projects where organization_id = ${organizationId} and id = ${projectId} for no key update`),
    )[0];
  },

  /** The frameworks the project applies, and the EU AI Act's (its questionnaire names the shared fields), with their questionnaires. */
  async frameworks(db: Executor, organizationId: string, projectId: string): Promise<ScopingFramework[]> {
    const rows = rowsOf<Omit<ScopingFramework, 'questionnaire'> & { questionnaire: unknown }>(
      await db.execute(sql`
        select f.id, f.code, f.name, f.questionnaire, (pf.framework_id is not null) as applied
          from frameworks f
          left join project_frameworks pf on pf.framework_id = f.id and pf.organization_id = ${organizationId} and pf.project_id = ${projectId}
         where pf.framework_id is not null or (f.organization_id is null and f.code = 'EU_AI_ACT')`),
    );
    return rows.map((row) => ({ ...row, applied: Boolean(row.applied), questionnaire: parsed<TemplateQuestion[]>(row.questionnaire) ?? [] }));
  },

  /** Every questionnaire answer of the project: framework id → question id → values. */
  async answers(db: Executor, organizationId: string, projectId: string): Promise<Map<string, Record<string, string[]>>> {
    const rows = rowsOf<{ framework_id: string; question_id: string; answer: unknown }>(
      await db.execute(sql`select framework_id, question_id, answer from project_questionnaire_answers where organization_id = ${organizationId} and project_id = ${projectId}`),
    );
    const answers = new Map<string, Record<string, string[]>>();
    for (const row of rows) {
      const own = answers.get(row.framework_id) ?? {};
      own[row.question_id] = parsed<string[]>(row.answer);
      answers.set(row.framework_id, own);
    }
    return answers;
  },

  /**
   * The applied frameworks' trees in depth-first order (framework, position), each node with its
   * condition and the project's row for it: the engine rebuilds each requirement's chain of conditions
   * from the depths, in one read.
   */
  async requirements(db: Executor, organizationId: string, projectId: string): Promise<RequirementNode[]> {
    const rows = rowsOf<RequirementNode & { applies_when: unknown; deleted_by: unknown }>(
      await db.execute(sql`
        select pr.id as project_requirement_id, r.framework_id, f.code as framework_code, r.depth, r.applies_when, r.binds, r.deleted_by, r.code, r.title,
               pr.applicable, pr.applicability_reason, pr.applicability_decision, pr.decision_justification
          from framework_requirements r
          join frameworks f on f.id = r.framework_id
          left join project_requirements pr on pr.requirement_id = r.id and pr.organization_id = ${organizationId} and pr.project_id = ${projectId}
         where r.framework_id in (select pf.framework_id from project_frameworks pf where pf.organization_id = ${organizationId} and pf.project_id = ${projectId})
         order by r.framework_id, r.position`),
    );
    return rows.map((row) => ({ ...row, depth: Number(row.depth), applies_when: parsed(row.applies_when) ?? null, deleted_by: parsed(row.deleted_by) ?? null }));
  },

  /** The project's live controls, each with the project requirements it serves. */
  async controls(db: Executor, organizationId: string, projectId: string): Promise<ControlNode[]> {
    const rows = rowsOf<ControlNode & { requirement_ids: unknown }>(
      await db.execute(sql`
        select pc.id, pc.control_code, d.title, pc.status, pc.status_before_scope, array_agg(pr.id::text order by pr.id) as requirement_ids
          from project_controls pc
          join control_definitions d on d.id = pc.control_id
          join requirement_controls rc on rc.control_id = pc.control_id
          join project_requirements pr on pr.project_id = pc.project_id and pr.requirement_id = rc.requirement_id
         where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.detached_at is null
         group by pc.id, d.title`),
    );
    return rows.map((row) => ({ ...row, requirement_ids: parsed<string[]>(row.requirement_ids) }));
  },

  /** Writes the requirements whose applicability or reason changed, a slice of rows per statement. */
  async updateRequirements(db: Executor, organizationId: string, projectId: string, rows: readonly { id: string; applicable: boolean; reason: string | null }[]) {
    for (const part of slices(rows)) {
      const values = sql.join(part.map((r) => sql`(${r.id}::uuid, ${r.applicable}::boolean, ${r.reason}::text)`), sql`, `);
      await db.execute(sql`
        update project_requirements pr set applicable = v.applicable, applicability_reason = v.reason
          from (values ${values}) as v(id, applicable, reason)
         where pr.id = v.id and pr.organization_id = ${organizationId} and pr.project_id = ${projectId}`);
    }
  },

  /**
   * Takes controls out of scope, remembering their status. Only a control still in the status the engine
   * read moves (a review that settled meanwhile wins); answers the ids that moved.
   */
  async moveOut(db: Executor, organizationId: string, projectId: string, rows: readonly { id: string; status_before: WorkItemStatus; justification: string }[]): Promise<Set<string>> {
    const moved = new Set<string>();
    for (const part of slices(rows)) {
      const values = sql.join(part.map((r) => sql`(${r.id}::uuid, ${r.status_before}::text, ${r.justification}::text)`), sql`, `);
      const written = rowsOf<{ id: string }>(
        await db.execute(sql`
          update project_controls pc
             set status = 'out_of_scope', status_before_scope = v.status_before::work_item_status, out_of_scope_justification = v.justification,
                 status_changed_at = now(), updated_at = now()
            from (values ${values}) as v(id, status_before, justification)
           where pc.id = v.id and pc.organization_id = ${organizationId} and pc.project_id = ${projectId}
             and pc.detached_at is null and pc.status::text = v.status_before
          returning pc.id`),
      );
      for (const row of written) moved.add(row.id);
    }
    return moved;
  },

  /** Brings controls applicability took out of scope back to the status they had; answers the ids that moved. */
  async restore(db: Executor, organizationId: string, projectId: string, ids: readonly string[]): Promise<Set<string>> {
    const moved = new Set<string>();
    for (const part of slices(ids)) {
      const written = rowsOf<{ id: string }>(
        await db.execute(sql`
          update project_controls pc
             set status = pc.status_before_scope, status_before_scope = null, out_of_scope_justification = null, status_changed_at = now(), updated_at = now()
           where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.id in (${sql.join(part.map((id) => sql`${id}`), sql`, `)})
             and pc.status = 'out_of_scope' and pc.status_before_scope is not null and pc.detached_at is null
          returning pc.id`),
      );
      for (const row of written) moved.add(row.id);
    }
    return moved;
  },

  /**
   * The status history entries of the controls applicability moved (a control's history is read back from
   * its `status_changed` entries, work-items.ts), in one insert: `via: applicability`.
   */
  async recordStatusChanges(
    db: Executor,
    scope: { organizationId: string; projectId: string; actorId: string | null },
    changes: readonly { id: string; label: string; from: WorkItemStatus; to: WorkItemStatus; justification: string | null }[],
  ) {
    for (const part of slices(changes)) {
      await db.insert(activityLogs).values(
        part.map((c) => ({
          organizationId: scope.organizationId,
          projectId: scope.projectId,
          actorId: scope.actorId,
          objectType: 'control',
          objectId: c.id,
          action: 'status_changed',
          before: { status: c.from },
          after: { status: c.to, justification: c.justification, via: 'applicability', label: c.label },
        })),
      );
    }
  },
};
