import { IMPACT_LABELS, LIKELIHOOD_LABELS, type RevokeRiskAcceptance, type RiskAcceptance, type RiskScore, type RiskTreatment, type UpdateRiskTreatment } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { retryOnConflict } from '../../lib/conflict-retry';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { isLocked } from '../work-items/lifecycle';
import { assertChangeAllowed } from '../work-items/lock-rule';
import { workItems, type WorkItem } from '../work-items/work-items';
import { fieldError } from './field-error';
import { riskRepository } from './risk-repository';
import { riskRules } from './risk-settings-service';
import { riskItem } from './risk-view';
import { acceptanceNeedsReview, scoreColumns, staleReasons, type ScoreSnapshot } from './scoring';
import { iso, isoOrNull, personOf } from './sql-helpers';
import { treatmentRepository, type AcceptanceRow } from './treatment-repository';

/** The reason a revoked acceptance flags its risk with; a new acceptance or another treatment clears it. */
export const REVOKED_ATTENTION = 'Acceptance revoked';

const today = (deps: Pick<Deps, 'clock'>) => deps.clock.now().toISOString().slice(0, 10);
const yearAfter = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`.replace(/-02-29$/, '-02-28');

const toAcceptance = (row: AcceptanceRow, now: ScoreSnapshot, day: string): RiskAcceptance => {
  const reasons = row.status === 'active' ? staleReasons(row, now) : [];
  return {
    id: row.id,
    status: row.status,
    justification: row.justification,
    accepted_level: row.accepted_level,
    likelihood: row.likelihood as RiskScore,
    impact: row.impact as RiskScore,
    inherent_level: row.inherent_level,
    residual_likelihood: row.residual_likelihood as RiskScore,
    residual_impact: row.residual_impact as RiskScore,
    residual_level: row.residual_level,
    review_date: row.review_date,
    expired: row.status === 'active' && row.review_date < day,
    stale: reasons.length > 0,
    stale_reasons: reasons,
    proposed_by: personOf(row.proposed_by),
    proposed_at: iso(row.proposed_at),
    approved_by: personOf(row.approved_by),
    approved_at: isoOrNull(row.approved_at),
    approval_forced: Boolean(row.approval_forced),
    revoked_by: personOf(row.revoked_by),
    revoked_at: isoOrNull(row.revoked_at),
    revoke_reason: row.revoke_reason,
  };
};

/**
 * A review approved the risk: the acceptance awaiting that approval becomes effective, with the approver
 * (the deciding reviewer, or whoever forced the status) and the risk's scores as approved. In the
 * review's transaction (risk-review-concept.ts); nothing happens when no acceptance awaits.
 */
export async function activateAcceptance(db: Executor, item: WorkItem, approvedBy: string | null, forced: boolean) {
  const activated = await treatmentRepository.activate(db, item.itemId, approvedBy, forced);
  if (!activated) return;
  await recordActivity(db, {
    organizationId: item.organizationId,
    projectId: item.projectId,
    actorId: approvedBy,
    objectType: 'risk',
    objectId: item.itemId,
    action: 'acceptance_approved',
    after: { label: item.label, acceptance_id: activated.id, accepted_level: activated.accepted_level, forced },
  });
}

/**
 * The treatment of a risk (one per risk), its acceptance records and their rule: accepting a risk whose
 * residual level is `low` or `medium` is recorded at once with the caller as approver; above that the
 * acceptance awaits a review, and an approval of the risk makes it effective (risk-review-concept.ts).
 */
export function treatmentService(deps: Pick<Deps, 'db' | 'clock'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;

  async function read(db: Executor, ctx: RequestContext, projectId: string, riskId: string): Promise<RiskTreatment> {
    const organizationId = organizationOf(ctx);
    const row = await treatmentRepository.ofRisk(db, organizationId, projectId, riskId);
    if (!row) throw notFound('Risk');
    const history = await treatmentRepository.acceptances(db, organizationId, riskId);
    const now: ScoreSnapshot = { likelihood: row.likelihood, impact: row.impact, inherent_level: row.inherent_level, residual_likelihood: row.residual_likelihood, residual_impact: row.residual_impact, residual_level: row.residual_level };
    const day = today(deps);
    const acceptances = history.map((a) => toAcceptance(a, now, day));
    return {
      risk_id: row.id,
      option: row.option,
      plan: row.plan ?? '',
      residual_likelihood: row.treatment_residual_likelihood as RiskScore | null,
      residual_impact: row.treatment_residual_impact as RiskScore | null,
      residual_score: Number(row.residual_score),
      residual_level: row.residual_level,
      acceptance_rationale: row.acceptance_rationale,
      acceptance_needs_review: acceptanceNeedsReview(row.residual_level),
      acceptance: acceptances[0] ?? null,
      acceptance_history: acceptances,
      locked: isLocked(row.status),
      updated_by: personOf(row.updated_by),
      updated_at: isoOrNull(row.updated_at),
    };
  }

  /** Writes in one transaction, tells the open screens after the commit, and answers the treatment read then. */
  async function write(ctx: RequestContext, projectId: string, riskId: string, change: (tx: Executor) => Promise<WorkItem>) {
    const item = await retryOnConflict(() => deps.db.transaction(change));
    await workItems.published(deps.db, item);
    return read(deps.db, ctx, projectId, riskId);
  }

  return {
    get: (ctx: RequestContext, projectId: string, riskId: string) => read(deps.db, ctx, projectId, riskId),

    /**
     * Saves the whole treatment through the lock rule (an approved risk takes none: 409 `locked`), moves
     * the risk's residual columns with it, and keeps the acceptance records in step: option `accept`
     * records an acceptance (unless the same one is current), any other option supersedes the current one.
     * Creating the first treatment also needs `risk_treatment:create` (the route declares the update right).
     */
    save: (ctx: RequestContext, projectId: string, riskId: string, input: UpdateRiskTreatment) =>
      write(ctx, projectId, riskId, async (tx) => {
        const organizationId = organizationOf(ctx);
        const row = await riskRepository.findForChange(tx, organizationId, projectId, riskId);
        if (!row) throw notFound('Risk');
        const item = riskItem(ctx, projectId, row);
        assertChangeAllowed({ status: row.status, concept: 'risk' }, { kind: 'content', fields: ['treatment'] });
        if (row.treatment_option === null && !(await ctx.projectRights(projectId))?.has('risk_treatment:create')) throw forbidden('Missing permission risk_treatment:create on this project');
        if (input.residual_likelihood !== null && input.residual_likelihood > row.likelihood) {
          throw fieldError('body.residual_likelihood', `${input.residual_likelihood} (${LIKELIHOOD_LABELS[input.residual_likelihood as RiskScore]}) is above the inherent likelihood ${row.likelihood}: a treatment does not make a risk more likely`);
        }
        if (input.residual_impact !== null && input.residual_impact > row.impact) {
          throw fieldError('body.residual_impact', `${input.residual_impact} (${IMPACT_LABELS[input.residual_impact as RiskScore]}) is above the inherent impact ${row.impact}: a treatment does not make a risk worse`);
        }
        const day = today(deps);
        const reviewDate = input.option === 'accept' ? (input.acceptance_review_date ?? yearAfter(day)) : null;
        if (reviewDate !== null && reviewDate <= day) throw fieldError('body.acceptance_review_date', `${reviewDate} is not after today (${day}): an acceptance is reviewed in the future`);
        const residual = input.residual_likelihood !== null ? { likelihood: input.residual_likelihood, impact: input.residual_impact! } : null;
        const scores = scoreColumns((await riskRules(tx, organizationId)).matrix, row, residual);
        const before = row.treatment_option === null ? null : { option: row.treatment_option, residual_likelihood: row.treatment_residual_likelihood, residual_impact: row.treatment_residual_impact };
        await treatmentRepository.save(tx, {
          riskId: row.id,
          organizationId,
          projectId,
          option: input.option,
          plan: input.plan,
          residualLikelihood: input.residual_likelihood,
          residualImpact: input.residual_impact,
          acceptanceRationale: input.option === 'accept' ? input.acceptance_rationale : null,
          updatedBy: ctx.user.id,
        });
        const clearsFlag = row.needs_attention_reason?.startsWith(REVOKED_ATTENTION) ?? false;
        await riskRepository.update(tx, row.id, {
          residualLikelihood: scores.residualLikelihood,
          residualImpact: scores.residualImpact,
          residualScore: scores.residualScore,
          residualLevel: scores.residualLevel,
          ...(clearsFlag ? { needsAttention: { reason: null } } : {}),
        });
        const current = await treatmentRepository.current(tx, row.id);
        let acceptance: { id: string; status: string } | null = null;
        if (input.option === 'accept') {
          const same =
            current &&
            current.justification === input.acceptance_rationale &&
            current.review_date === reviewDate &&
            current.likelihood === scores.likelihood &&
            current.impact === scores.impact &&
            current.residual_likelihood === scores.residualLikelihood &&
            current.residual_impact === scores.residualImpact &&
            current.residual_level === scores.residualLevel;
          if (!same) {
            if (current) await treatmentRepository.supersede(tx, current.id);
            const status = acceptanceNeedsReview(scores.residualLevel) ? 'awaiting_review' : 'active';
            const id = await treatmentRepository.insertAcceptance(tx, { ...scores, organizationId, projectId, riskId: row.id, status, justification: input.acceptance_rationale!, reviewDate: reviewDate!, proposedBy: ctx.user.id });
            acceptance = { id, status };
          }
        } else if (current) {
          await treatmentRepository.supersede(tx, current.id);
          acceptance = { id: current.id, status: 'superseded' };
        }
        await recordActivity(tx, {
          ...workItems.activity(ctx, item, 'treatment_updated'),
          before,
          after: {
            label: item.label,
            option: input.option,
            residual_likelihood: input.residual_likelihood,
            residual_impact: input.residual_impact,
            residual_level: scores.residualLevel,
            acceptance_rationale: input.option === 'accept' ? input.acceptance_rationale : null,
            acceptance_review_date: reviewDate,
            acceptance_id: acceptance?.id ?? null,
            acceptance_status: acceptance?.status ?? null,
          },
        });
        return item;
      }),

    /**
     * Withdraws the acceptance in force or awaiting review (409 `no_acceptance` without one), with a
     * reason. Allowed on an approved risk — consent must be withdrawable at once; it changes no approved
     * content — and flags the risk as needing attention while its treatment still says accept.
     */
    revoke: (ctx: RequestContext, projectId: string, riskId: string, input: RevokeRiskAcceptance) =>
      write(ctx, projectId, riskId, async (tx) => {
        const row = await riskRepository.findForChange(tx, organizationOf(ctx), projectId, riskId);
        if (!row) throw notFound('Risk');
        const item = riskItem(ctx, projectId, row);
        const current = await treatmentRepository.current(tx, row.id);
        if (!current) throw new AppError(409, 'This risk has no acceptance in force or awaiting review: there is nothing to revoke', 'no_acceptance');
        await treatmentRepository.revoke(tx, current.id, ctx.user.id, input.reason);
        if (row.treatment_option === 'accept') await riskRepository.update(tx, row.id, { needsAttention: { reason: `${REVOKED_ATTENTION}: ${input.reason}` } });
        await recordActivity(tx, { ...workItems.activity(ctx, item, 'acceptance_revoked'), before: { acceptance_id: current.id, status: current.status }, after: { label: item.label, reason: input.reason } });
        return item;
      }),
  };
}
