import { ACCEPTANCE_STATUS_LABELS, CURRENCY_SYMBOLS, RISK_CATEGORY_INFO, RISK_LEVEL_LABELS, RISK_LEVELS, TREATMENT_OPTION_LABELS, WORK_ITEM_STATUS_LABELS } from '@aegis/contracts';
import { displayDate } from '../../lib/display-date';
import type { ExportSection } from '../projects/export/report-section';
import { count, leftOutNote } from '../projects/export/report-format';
import { riskRepository } from './risk-repository';
import { registerRows, type RegisterRow } from './risk-register-repository';
import { riskRules } from './risk-settings-service';
import { referenceOf } from './risk-view';
import { expectedAnnualLoss, moneyOf } from './scoring';

/** The register in the report: the most severe first, up to this many (the CSV export holds them all). */
const MAX_ROWS = 500;

const columns = [
  { title: 'Risk', width: '24%' },
  { title: 'Inherent', width: '11%' },
  { title: 'Treatment', width: '27%' },
  { title: 'Residual', width: '11%' },
  { title: 'Controls', width: '16%' },
  { title: 'Status', width: '11%' },
];

const scored = (level: RegisterRow['inherent_level'], likelihood: number, impact: number) => `${RISK_LEVEL_LABELS[level]} (L${likelihood} × I${impact})`;

function amount(row: RegisterRow) {
  const monetary = moneyOf(row.monetary_impact);
  if (monetary === null) return '';
  const symbol = CURRENCY_SYMBOLS[row.currency];
  const loss = expectedAnnualLoss(moneyOf(row.expected_annual_loss), monetary, row.likelihood).value;
  return `Impact ${symbol}${count(monetary)}${loss !== null ? `, expected annual loss ${symbol}${count(loss)}` : ''}`;
}

function treatment(row: RegisterRow) {
  if (!row.option) return 'Not decided';
  const acceptance = row.acceptance_status
    ? `Acceptance ${ACCEPTANCE_STATUS_LABELS[row.acceptance_status].toLowerCase()}${row.acceptance_by && row.acceptance_status === 'active' ? ` (${row.acceptance_by}${row.acceptance_at ? `, ${displayDate(new Date(row.acceptance_at).toISOString())}` : ''})` : ''}${row.acceptance_review_date ? `, review by ${displayDate(row.acceptance_review_date)}` : ''}`
    : '';
  return [TREATMENT_OPTION_LABELS[row.option], row.plan, acceptance, row.strategies_total ? `${row.strategies_open} of ${row.strategies_total} actions open` : ''].filter(Boolean).join(' · ');
}

/** The project's risk register: scores, treatment, residual risk and the controls that reduce each risk. Left out when the project has no risks. */
export const risksSection: ExportSection = {
  key: 'risks',
  right: 'risks:read',
  async build({ deps, ctx, projectId }) {
    const organizationId = ctx.organizationId!;
    // Counted over every risk, whatever the table shows.
    const groups = await riskRepository.heatMap(deps.db, organizationId, projectId);
    const total = groups.reduce((sum, g) => sum + Number(g.n), 0);
    if (total === 0) return null;
    const [rows, rules] = await Promise.all([registerRows(deps.db, organizationId, projectId, { order: 'severity', limit: MAX_ROWS }), riskRules(deps.db, organizationId)]);
    const byLevel = RISK_LEVELS.map((level) => `${count(groups.filter((g) => g.residual_level === level).reduce((sum, g) => sum + Number(g.n), 0))} ${level}`).join(', ');
    const above = groups.filter((g) => g.above_appetite).reduce((sum, g) => sum + Number(g.n), 0);
    return {
      title: 'Risks',
      intro:
        `${count(total)} risks are registered, scored on the organization's 5×5 matrix (likelihood × impact). By residual level: ${byLevel}. ` +
        `${count(above)} ${above === 1 ? 'is' : 'are'} above the organization's risk appetite (${rules.appetite}). The most severe come first.`,
      blocks: [
        {
          kind: 'table',
          columns,
          rows: rows.map((row) => [
            [`${referenceOf(row.number)} ${row.name}`, row.category ? RISK_CATEGORY_INFO[row.category].label : '', amount(row)].filter(Boolean).join(' · '),
            scored(row.inherent_level, row.likelihood, row.impact),
            treatment(row),
            `${scored(row.residual_level, row.residual_likelihood, row.residual_impact)}${row.residual_assessed ? '' : ', not assessed'}${row.above_appetite ? ' · above appetite' : ''}`,
            row.controls ?? '—',
            WORK_ITEM_STATUS_LABELS[row.status],
          ]),
        },
        ...leftOutNote(rows.length, total, { which: 'first', things: 'risks by severity', rest: 'less severe risks', where: 'the Risks tab (and its CSV export)' }),
      ],
    };
  },
};
