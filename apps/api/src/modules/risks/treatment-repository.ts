import { sql } from 'drizzle-orm';
import type { AcceptanceStatus, RiskLevel, TreatmentOption, WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { personJson, rowsOf } from './sql-helpers';

export type AcceptanceRow = {
  id: string;
  status: AcceptanceStatus;
  justification: string;
  accepted_level: RiskLevel;
  likelihood: number;
  impact: number;
  inherent_level: RiskLevel;
  residual_likelihood: number;
  residual_impact: number;
  residual_level: RiskLevel;
  review_date: string;
  proposed_at: Date;
  approved_at: Date | null;
  approval_forced: boolean;
  revoked_at: Date | null;
  revoke_reason: string | null;
  proposed_by: unknown;
  approved_by: unknown;
  revoked_by: unknown;
};

/** The scores an acceptance records: the risk's at that moment. */
export type AcceptedScores = { likelihood: number; impact: number; inherentLevel: RiskLevel; residualLikelihood: number; residualImpact: number; residualLevel: RiskLevel };

/** SQL of a risk's treatment and its acceptance records. */
export const treatmentRepository = {
  /** The risk's scores and status with its treatment (null columns while none is saved), for the treatment's answer. */
  async ofRisk(db: Executor, organizationId: string, projectId: string, riskId: string) {
    return rowsOf<{
      id: string;
      number: number;
      name: string;
      status: WorkItemStatus;
      likelihood: number;
      impact: number;
      inherent_level: RiskLevel;
      residual_likelihood: number;
      residual_impact: number;
      residual_score: number;
      residual_level: RiskLevel;
      option: TreatmentOption | null;
      plan: string | null;
      treatment_residual_likelihood: number | null;
      treatment_residual_impact: number | null;
      acceptance_rationale: string | null;
      updated_at: Date | null;
      updated_by: unknown;
    }>(
      await db.execute(sql`
        select r.id, r.number, r.name, r.status, r.likelihood, r.impact, r.inherent_level, r.residual_likelihood, r.residual_impact, r.residual_score, r.residual_level,
               t.option, t.plan, t.residual_likelihood as treatment_residual_likelihood, t.residual_impact as treatment_residual_impact, t.acceptance_rationale, t.updated_at,
               ${personJson('u')} as updated_by
          from risks r left join risk_treatments t on t.risk_id = r.id left join users u on u.id = t.updated_by
         where r.organization_id = ${organizationId} and r.project_id = ${projectId} and r.id = ${riskId}`),
    )[0];
  },

  /** Every acceptance record of the risk, newest first, with the people on it. */
  async acceptances(db: Executor, organizationId: string, riskId: string) {
    return rowsOf<AcceptanceRow>(
      await db.execute(sql`
        select a.id, a.status, a.justification, a.accepted_level, a.likelihood, a.impact, a.inherent_level, a.residual_likelihood, a.residual_impact, a.residual_level,
               a.review_date::text as review_date, a.proposed_at, a.approved_at, a.approval_forced, a.revoked_at, a.revoke_reason,
               ${personJson('pu')} as proposed_by, ${personJson('au')} as approved_by, ${personJson('ru')} as revoked_by
          from risk_acceptances a
          left join users pu on pu.id = a.proposed_by
          left join users au on au.id = a.approved_by
          left join users ru on ru.id = a.revoked_by
         where a.organization_id = ${organizationId} and a.risk_id = ${riskId}
         order by a.proposed_at desc, a.id desc`),
    );
  },

  async save(db: Executor, values: { riskId: string; organizationId: string; projectId: string; option: TreatmentOption; plan: string; residualLikelihood: number | null; residualImpact: number | null; acceptanceRationale: string | null; updatedBy: string }) {
    await db.execute(sql`
      insert into risk_treatments (risk_id, organization_id, project_id, option, plan, residual_likelihood, residual_impact, acceptance_rationale, updated_by, updated_at)
      values (${values.riskId}, ${values.organizationId}, ${values.projectId}, ${values.option}, ${values.plan}, ${values.residualLikelihood}, ${values.residualImpact}, ${values.acceptanceRationale}, ${values.updatedBy}, now())
      on conflict (risk_id) do update set option = excluded.option, plan = excluded.plan, residual_likelihood = excluded.residual_likelihood,
        residual_impact = excluded.residual_impact, acceptance_rationale = excluded.acceptance_rationale, updated_by = excluded.updated_by, updated_at = now()`);
  },

  /** The acceptance in force or awaiting review (one at most), locked until the transaction ends. */
  async current(db: Executor, riskId: string) {
    return rowsOf<{ id: string; status: AcceptanceStatus; justification: string; review_date: string; likelihood: number; impact: number; residual_likelihood: number; residual_impact: number; inherent_level: RiskLevel; residual_level: RiskLevel }>(
      await db.execute(sql`
        select id, status, justification, review_date::text as review_date, likelihood, impact, residual_likelihood, residual_impact, inherent_level, residual_level
          from risk_acceptances where risk_id = ${riskId} and status in ('awaiting_review', 'active')
         for update`),
    )[0];
  },

  async insertAcceptance(
    db: Executor,
    values: AcceptedScores & { organizationId: string; projectId: string; riskId: string; status: 'awaiting_review' | 'active'; justification: string; reviewDate: string; proposedBy: string },
  ): Promise<string> {
    return rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into risk_acceptances (organization_id, project_id, risk_id, status, justification, accepted_level, likelihood, impact, inherent_level,
                                      residual_likelihood, residual_impact, residual_level, review_date, proposed_by, approved_by, approved_at)
        values (${values.organizationId}, ${values.projectId}, ${values.riskId}, ${values.status}, ${values.justification}, ${values.residualLevel},
                ${values.likelihood}, ${values.impact}, ${values.inherentLevel}, ${values.residualLikelihood}, ${values.residualImpact}, ${values.residualLevel},
                ${values.reviewDate}, ${values.proposedBy},
                ${values.status === 'active' ? values.proposedBy : null}, ${values.status === 'active' ? sql`now()` : null})
        returning id`),
    )[0]!.id;
  },

  async supersede(db: Executor, id: string) {
    await db.execute(sql`update risk_acceptances set status = 'superseded', superseded_at = now() where id = ${id}`);
  },

  async revoke(db: Executor, id: string, by: string, reason: string) {
    await db.execute(sql`update risk_acceptances set status = 'revoked', revoked_by = ${by}, revoked_at = now(), revoke_reason = ${reason} where id = ${id}`);
  },

  /**
   * Makes the acceptance awaiting review effective, with who approved and the risk's scores as approved
   * (the review covered them). Answers the record's id, or undefined when none was awaiting review.
   */
  async activate(db: Executor, riskId: string, approvedBy: string | null, forced: boolean): Promise<{ id: string; accepted_level: RiskLevel } | undefined> {
    return rowsOf<{ id: string; accepted_level: RiskLevel }>(
      await db.execute(sql`
        update risk_acceptances a
           set status = 'active', approved_by = ${approvedBy}, approved_at = now(), approval_forced = ${forced},
               likelihood = r.likelihood, impact = r.impact, inherent_level = r.inherent_level,
               residual_likelihood = r.residual_likelihood, residual_impact = r.residual_impact, residual_level = r.residual_level, accepted_level = r.residual_level
          from risks r
         where a.risk_id = ${riskId} and a.status = 'awaiting_review' and r.id = a.risk_id
        returning a.id, a.accepted_level`),
    )[0];
  },
};
