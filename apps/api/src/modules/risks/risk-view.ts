import type { RiskLight, RiskListItem, RiskScore } from '@aegis/contracts';
import type { RequestContext } from '../../plugins/auth';
import type { WorkItem } from '../work-items/work-items';
import type { RiskRow } from './risk-repository';
import { expectedAnnualLoss, moneyOf } from './scoring';
import { iso, parsed } from './sql-helpers';

/** `R-<number>`: how people name a risk of the project. */
export const referenceOf = (number: number) => `R-${number}`;

export const riskLink = (projectId: string, riskId: string) => `/projects/project-detail/${projectId}/risk-detail/${riskId}`;

/** A risk as the shared work-item pieces need it (people, tags, status history, notifications, live events). */
export const riskItem = (ctx: Pick<RequestContext, 'organizationId'>, projectId: string, row: { id: string; number: number; name: string }): WorkItem => ({
  organizationId: ctx.organizationId!,
  projectId,
  itemType: 'risk',
  itemId: row.id,
  label: `${referenceOf(row.number)} ${row.name}`,
  link: riskLink(projectId, row.id),
});

export const toListItem = (row: RiskRow): RiskListItem => {
  const monetary = moneyOf(row.monetary_impact);
  return {
    id: row.id,
    reference: referenceOf(row.number),
    name: row.name,
    category: row.category,
    status: row.status,
    likelihood: row.likelihood as RiskScore,
    impact: row.impact as RiskScore,
    inherent_score: Number(row.inherent_score),
    inherent_level: row.inherent_level,
    residual_likelihood: row.residual_likelihood as RiskScore,
    residual_impact: row.residual_impact as RiskScore,
    residual_score: Number(row.residual_score),
    residual_level: row.residual_level,
    residual_assessed: Boolean(row.residual_assessed),
    above_appetite: Boolean(row.above_appetite),
    treatment_option: row.treatment_option,
    acceptance_status: row.acceptance_status ?? null,
    needs_attention: Boolean(row.needs_attention),
    needs_attention_reason: row.needs_attention_reason,
    monetary_impact: monetary,
    currency: row.currency,
    expected_annual_loss: expectedAnnualLoss(moneyOf(row.expected_annual_loss), monetary, row.likelihood).value,
    assignees: parsed(row.assignees),
    reviewers: parsed(row.reviewers),
    tags: parsed(row.tags),
    control_count: Number(row.control_count),
    open_strategy_count: Number(row.open_strategy_count),
    review_status: row.review_status ?? null,
    approval_forced: Boolean(row.approval_forced),
    updated_at: iso(row.updated_at),
  };
};

export const toLight = (row: { id: string; number: number; name: string; status: RiskLight['status']; inherent_level: RiskLight['inherent_level']; residual_level: RiskLight['residual_level'] }): RiskLight => ({
  id: row.id,
  reference: referenceOf(row.number),
  name: row.name,
  status: row.status,
  inherent_level: row.inherent_level,
  residual_level: row.residual_level,
});
