import { sql } from 'drizzle-orm';
import { EVIDENCE_SUGGESTION_MIN_RELEVANCE, type EvidenceFileType, type SuggestionStatus, type WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { list, personJson, rowsOf } from './sql-helpers';

export type SuggestionControl = { id: string; control_code: string; title: string; objective: string | null; guidance: string | null; status: WorkItemStatus };

export type SuggestionRow = {
  id: string;
  control_id: string;
  control_code: string;
  evidence_id: string;
  evidence_name: string;
  file_name: string;
  file_type: EvidenceFileType;
  evidence_status: WorkItemStatus;
  size: number | string;
  relevance: number;
  reason: string;
  source: 'full_text' | 'model';
  status: SuggestionStatus;
  decided_by: unknown;
  decided_at: Date | null;
  created_at: Date;
};

export type NewProposal = { evidenceId: string; relevance: number; reason: string; source: 'full_text' | 'model' };

const selectSuggestion = sql`
  select s.id, s.control_id, pc.control_code, s.evidence_id, e.name as evidence_name, e.file_name, e.file_type, e.status as evidence_status, e.size,
         s.relevance, s.reason, s.source, s.status, ${personJson('u')} as decided_by, s.decided_at, s.created_at
    from evidence_suggestions s
    join project_controls pc on pc.id = s.control_id
    join evidences e on e.id = s.evidence_id
    left join users u on u.id = s.decided_by`;

/** SQL of evidence suggestions (proposed links from evidence to a control) and of their runs. */
export const suggestionRepository = {
  /** A live control of the project by code, with the words suggestions rank by. */
  async control(db: Executor, organizationId: string, projectId: string, code: string) {
    return rowsOf<SuggestionControl>(
      await db.execute(sql`
        select pc.id, pc.control_code, d.title, d.objective, d.guidance, pc.status
          from project_controls pc join control_definitions d on d.id = pc.control_id
         where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.control_code = ${code} and pc.detached_at is null`),
    )[0];
  },

  /**
   * The control's open proposals, best first — leaving out evidence linked to it meanwhile by another
   * path, and any kept from before the relevance floor that falls below it — then the latest 20 decided ones (who accepted or dismissed what, and when), newest first.
   */
  async proposed(db: Executor, organizationId: string, controlId: string) {
    return rowsOf<SuggestionRow>(
      await db.execute(sql`
        (${selectSuggestion}
          where s.organization_id = ${organizationId} and s.control_id = ${controlId} and s.status = 'proposed'
            and s.relevance >= ${EVIDENCE_SUGGESTION_MIN_RELEVANCE}
            and not exists (select 1 from evidence_links l where l.evidence_id = s.evidence_id and l.control_id = s.control_id)
          order by s.relevance desc, e.name, s.id)
        union all
        (${selectSuggestion}
          where s.organization_id = ${organizationId} and s.control_id = ${controlId} and s.status <> 'proposed'
          order by s.decided_at desc nulls last, s.id
          limit 20)`),
    );
  },

  async find(db: Executor, organizationId: string, projectId: string, id: string, lock = false) {
    return rowsOf<SuggestionRow>(
      await db.execute(sql`
        ${selectSuggestion}
         where s.organization_id = ${organizationId} and s.project_id = ${projectId} and s.id = ${id}
         ${lock ? sql`for update of s` : sql``}`),
    )[0];
  },

  async run(db: Executor, organizationId: string, controlId: string) {
    return rowsOf<{ model_used: string | null; ran_at: Date }>(
      await db.execute(sql`select model_used, ran_at from evidence_suggestion_runs where organization_id = ${organizationId} and control_id = ${controlId}`),
    )[0];
  },

  /**
   * The run's proposals replace the control's open ones: those not proposed again go, the others are
   * written (a suggestion accepted once whose link was removed since may be proposed again; a dismissed
   * one never is — the ranking leaves it out, and this keeps it dismissed).
   */
  async replaceProposals(db: Executor, values: { organizationId: string; projectId: string; controlId: string; proposals: readonly NewProposal[]; at: Date }) {
    const { organizationId, projectId, controlId, proposals, at } = values;
    const keep = proposals.map((p) => p.evidenceId);
    await db.execute(sql`
      delete from evidence_suggestions
       where organization_id = ${organizationId} and control_id = ${controlId} and status = 'proposed'
         ${keep.length ? sql`and evidence_id not in (${list(keep)})` : sql``}`);
    for (const p of proposals) {
      await db.execute(sql`
        insert into evidence_suggestions (organization_id, project_id, control_id, evidence_id, relevance, reason, source, status, created_at)
        values (${organizationId}, ${projectId}, ${controlId}, ${p.evidenceId}, ${p.relevance}, ${p.reason}, ${p.source}, 'proposed', ${at.toISOString()})
        on conflict (control_id, evidence_id) do update
          set relevance = excluded.relevance, reason = excluded.reason, source = excluded.source, status = 'proposed',
              decided_by = null, decided_at = null, created_at = excluded.created_at
          where evidence_suggestions.status <> 'dismissed'`);
    }
  },

  async saveRun(db: Executor, values: { organizationId: string; controlId: string; modelUsed: string | null; by: string; at: Date }) {
    await db.execute(sql`
      insert into evidence_suggestion_runs (control_id, organization_id, model_used, ran_by, ran_at)
      values (${values.controlId}, ${values.organizationId}, ${values.modelUsed}, ${values.by}, ${values.at.toISOString()})
      on conflict (control_id) do update set model_used = excluded.model_used, ran_by = excluded.ran_by, ran_at = excluded.ran_at`);
  },

  async decide(db: Executor, id: string, status: Exclude<SuggestionStatus, 'proposed'>, by: string, at: Date) {
    await db.execute(sql`update evidence_suggestions set status = ${status}, decided_by = ${by}, decided_at = ${at.toISOString()} where id = ${id}`);
  },
};
