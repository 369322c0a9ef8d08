import { ACCEPTANCE_STATUS_LABELS, RISK_CATEGORY_INFO, RISK_LEVEL_LABELS, TREATMENT_OPTION_LABELS, WORK_ITEM_STATUS_LABELS } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { attachment } from '../../lib/attachment';
import { csvOf } from '../../lib/csv';
import { projectName, registerRows, type RegisterRow } from './risk-register-repository';
import { referenceOf } from './risk-view';
import { expectedAnnualLoss, moneyOf } from './scoring';
import { dateOnly, parsed } from './sql-helpers';

export const RISK_CSV_HEADER = [
  'Reference', 'Name', 'Category', 'Status', 'Likelihood', 'Impact', 'Inherent score', 'Inherent level',
  'Treatment', 'Plan', 'Residual likelihood', 'Residual impact', 'Residual score', 'Residual level', 'Above appetite',
  'Acceptance', 'Accepted by', 'Acceptance review date', 'Acceptance rationale',
  'Monetary impact', 'Currency', 'Expected annual loss', 'Affected', 'Controls', 'Open strategies', 'Assignees', 'Needs attention', 'Updated at',
] as const;

const money = (value: number | null) => (value === null ? null : value.toFixed(2));

const line = (row: RegisterRow) => {
  const monetary = moneyOf(row.monetary_impact);
  return [
    referenceOf(row.number),
    row.name,
    row.category ? RISK_CATEGORY_INFO[row.category].label : null,
    WORK_ITEM_STATUS_LABELS[row.status],
    row.likelihood,
    row.impact,
    row.inherent_score,
    RISK_LEVEL_LABELS[row.inherent_level],
    row.option ? TREATMENT_OPTION_LABELS[row.option] : null,
    row.plan,
    // Not assessed: no residual scores as if someone had given them; the level that counts meanwhile is the inherent one.
    row.residual_assessed ? row.residual_likelihood : null,
    row.residual_assessed ? row.residual_impact : null,
    row.residual_assessed ? row.residual_score : null,
    row.residual_assessed ? RISK_LEVEL_LABELS[row.residual_level] : `Not assessed (inherent ${RISK_LEVEL_LABELS[row.residual_level]})`,
    row.above_appetite ? 'Yes' : 'No',
    row.acceptance_status ? ACCEPTANCE_STATUS_LABELS[row.acceptance_status] : null,
    row.acceptance_by,
    row.acceptance_review_date,
    row.acceptance_justification,
    money(monetary),
    row.currency,
    money(expectedAnnualLoss(moneyOf(row.expected_annual_loss), monetary, row.likelihood).value),
    parsed<string[]>(row.affected).join('; '),
    row.controls,
    `${row.strategies_open} of ${row.strategies_total}`,
    row.assignees,
    row.needs_attention_reason,
    dateOnly(new Date(row.updated_at)),
  ];
};

/** The project's risk register as CSV (RFC 4180, formula-safe cells), with the name of its file. */
export async function riskRegisterCsv(deps: Pick<Deps, 'db'>, ctx: RequestContext, projectId: string) {
  const organizationId = ctx.organizationId!;
  const name = await projectName(deps.db, organizationId, projectId);
  if (name === undefined) throw notFound('Project');
  const rows = await registerRows(deps.db, organizationId, projectId, { order: 'reference' });
  return { body: csvOf([RISK_CSV_HEADER, ...rows.map(line)]), disposition: attachment(`${name} - risk register`, 'csv', 'risk-register') };
}
