import { sql } from 'drizzle-orm';
import type { AppliesWhen, PersonRef } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { isRequirementRow } from '../requirements/requirement-rows';
import { DELETED_REASON_SQL } from '../frameworks/framework-loader';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const person = sql.raw(`case when u.id is null then null else json_build_object('id', u.id, 'name', coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email), 'email', u.email) end`);

/** A requirement row (isRequirementRow) of a framework the project applies, as the statement of applicability reads it. */
export type SoaRow = {
  id: string;
  code: string;
  title: string;
  /** The titles of the sections above it, outermost first. */
  section: string[];
  /** The code of its top-level section (`A.6` for an ISO/IEC 42001 Annex A control). */
  root_code: string;
  applicable: boolean;
  applicability_reason: string | null;
  applicability_decision: 'include' | 'exclude' | null;
  decision_justification: string | null;
  decided_at: string | Date | null;
  decided_by: PersonRef | null;
  control_codes: string[];
  /** Where the requirement is in its source, e.g. `Regulation (EU) 2024/1689, Art. 26(1)`. */
  reference: string | null;
  /** `authorities`: binds public authorities only. */
  binds: string;
  /** Deleted by an amending act (template `deleted_by`), e.g. "Deleted by Regulation (EU) 2026/1744, see Art. 4a"; null when not. */
  deleted_reason: string | null;
  /** The `applies_when` conditions of its chain, its ancestors' first, then its own (null where none). */
  chain: (AppliesWhen | null)[];
  /** The dates of its chain, root first: each node's `applies_from` and `applies_from_when` (appliesFromFor). */
  dates: { applies_from: string | null; applies_from_when: { date: string; when: AppliesWhen }[] | null }[];
};

export type SoaFramework = { id: string; code: string; name: string; project_name: string; project_type: string; rows: SoaRow[] };

/** The requirement a decision is about, with what the rules need to know of it. */
export type DecisionTarget = {
  id: string;
  framework_code: string;
  code: string;
  binds: string;
  /** Why it is deleted by an amending act (null when it is not): it cannot be included. */
  deleted_reason: string | null;
  /** It has requirements under it. */
  is_section: boolean;
  /** It is a row of the statement and the requirements list (isRequirementRow): decisions are taken on rows only. */
  is_row: boolean;
  /** The code of its top-level section. */
  root_code: string;
  applicability_decision: 'include' | 'exclude' | null;
  decision_justification: string | null;
};

export const soaRepository = {
  /**
   * The framework (by code) the project applies, with its requirement rows (isRequirementRow: the rows of
   * the requirements list, so the statement and the list count the same) in the tree's order: each with
   * its section path, applicability, the person's decision and who made it, and its mapped control codes.
   * With the project's name. One query; null when the project does not apply the framework.
   */
  async framework(db: Executor, organizationId: string, projectId: string, frameworkCode: string, requirementId?: string): Promise<SoaFramework | null> {
    const rows = rowsOf<{ id: string; code: string; name: string; project_name: string; project_type: string; rows: SoaRow[] | null }>(
      await db.execute(sql`
        with recursive fw as (
          select f.id, f.code, f.name from project_frameworks pf join frameworks f on f.id = pf.framework_id
           where pf.organization_id = ${organizationId} and pf.project_id = ${projectId} and f.code = ${frameworkCode}
           order by f.organization_id nulls last limit 1
        ),
        tree(id, root_code, path, chain, dates) as (
          select r.id, r.code, array[]::text[], jsonb_build_array(r.applies_when), jsonb_build_array(jsonb_build_object('applies_from', r.applies_from, 'applies_from_when', r.applies_from_when))
            from framework_requirements r where r.framework_id = (select id from fw) and r.parent_id is null
          union all
          select c.id, t.root_code, t.path || p.title, t.chain || jsonb_build_array(c.applies_when),
                 t.dates || jsonb_build_array(jsonb_build_object('applies_from', c.applies_from, 'applies_from_when', c.applies_from_when))
            from framework_requirements c join tree t on c.parent_id = t.id join framework_requirements p on p.id = t.id
        )
        select fw.id, fw.code, fw.name, pj.name as project_name, pj.project_type,
               (select json_agg(json_build_object(
                         'id', pr.id, 'code', r.code, 'title', r.title, 'section', t.path, 'root_code', t.root_code,
                         'applicable', pr.applicable, 'applicability_reason', pr.applicability_reason,
                         'applicability_decision', pr.applicability_decision, 'decision_justification', pr.decision_justification,
                         'decided_at', pr.decided_at, 'decided_by', ${person},
                         'reference', r.reference, 'binds', r.binds, 'deleted_reason', ${DELETED_REASON_SQL}, 'chain', t.chain, 'dates', t.dates,
                         'control_codes', coalesce((select json_agg(cd.code order by rc.position, cd.code) from requirement_controls rc
                                                     join control_definitions cd on cd.id = rc.control_id where rc.requirement_id = r.id), '[]'::json))
                       order by r.position)
                  from project_requirements pr
                  join framework_requirements r on r.id = pr.requirement_id
                  join tree t on t.id = r.id
                  left join users u on u.id = pr.decided_by
                 where pr.organization_id = ${organizationId} and pr.project_id = ${projectId} and pr.framework_id = fw.id
                   and ${isRequirementRow('pr')}
                   ${requirementId ? sql`and pr.id = ${requirementId}` : sql``}) as rows
          from fw left join projects pj on pj.id = ${projectId} and pj.organization_id = ${organizationId}`),
    );
    const row = rows[0];
    return row ? { id: row.id, code: row.code, name: row.name, project_name: row.project_name, project_type: row.project_type, rows: row.rows ?? [] } : null;
  },

  /** The project's requirement a person decides on, with its framework, locked for the decision's transaction (after the project's row). */
  async decisionTarget(db: Executor, organizationId: string, projectId: string, requirementId: string): Promise<DecisionTarget | null> {
    const rows = rowsOf<DecisionTarget>(
      await db.execute(sql`
        with recursive up(id, parent_id, code) as (
          select r.id, r.parent_id, r.code from project_requirements pr join framework_requirements r on r.id = pr.requirement_id
           where pr.organization_id = ${organizationId} and pr.project_id = ${projectId} and pr.id = ${requirementId}
          union all
          select p.id, p.parent_id, p.code from framework_requirements p join up on p.id = up.parent_id
        )
        select pr.id, f.code as framework_code, r.code, r.binds, ${DELETED_REASON_SQL} as deleted_reason,
               exists (select 1 from framework_requirements k where k.parent_id = r.id) as is_section,
               ${isRequirementRow('pr')} as is_row,
               (select up.code from up where up.parent_id is null) as root_code,
               pr.applicability_decision, pr.decision_justification
          from project_requirements pr
          join framework_requirements r on r.id = pr.requirement_id
          join frameworks f on f.id = pr.framework_id
         where pr.organization_id = ${organizationId} and pr.project_id = ${projectId} and pr.id = ${requirementId}
         for update of pr`),
    );
    return rows[0] ?? null;
  },

  /** Records a person's decision (`null` gives it back to the engine). */
  async saveDecision(db: Executor, organizationId: string, requirementId: string, decision: { decision: 'include' | 'exclude' | null; justification: string | null; by: string | null; at: Date }) {
    await db.execute(sql`
      update project_requirements
         set applicability_decision = ${decision.decision},
             decision_justification = ${decision.justification},
             decided_by = ${decision.decision ? decision.by : null},
             decided_at = ${decision.decision ? decision.at.toISOString() : null}
       where organization_id = ${organizationId} and id = ${requirementId}`);
  },
};
