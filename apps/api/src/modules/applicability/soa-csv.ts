import { REQUIREMENT_STATUS_LABELS, type SoaItem } from '@aegis/contracts';
import { csvOf } from '../../lib/csv';
import type { Statement } from './soa-service';

const DECIDED_BY: Record<SoaItem['decided_by'], string> = {
  engine: 'Scoping answers',
  person: 'Person',
  default: 'Scoping answers (applies)',
};

export const SOA_CSV_HEADER = ['Code', 'Title', 'Section', 'Included', 'Decided by', 'Reason', 'Article', 'Applies from', 'Justification', 'Decided by person', 'Decided at', 'Status', 'Controls'] as const;

/** The marker of the rows that bind public authorities only, in the Included column: they are neither. */
export const AUTHORITIES_ONLY = 'Binds authorities only';
export const DELETED = 'Deleted by amendment';

/**
 * The lines above the table, so that the file reads on its own (issue 30, item 18): what it is, when it
 * was made, the counts (the authority-only rows in none), and for the EU AI Act the classification with
 * its reasons, the settings answered, who answered them and when, and the application dates. A blank
 * line separates them from the table's header row.
 */
export function soaCsvPreamble(statement: Statement): string[][] {
  const lines: string[][] = [
    ['Statement of applicability', statement.framework_name, statement.project_name],
    ['Generated', statement.generated_at],
    ['Included', String(statement.counts.included), 'Excluded', String(statement.counts.excluded)],
    ...(statement.authorities_only.length ? [['Binds authorities only', 'Listed after the table for reference: neither included nor excluded, in no count']] : []),
    ...(statement.deleted.length ? [['Deleted by amendment', 'Listed after the table for reference: never applicable, in no count']] : []),
  ];
  const header = statement.header;
  if (header) {
    lines.push(['Classification', header.classification.label, header.classification.status === 'complete' ? 'complete' : 'incomplete: required settings unanswered']);
    for (const reason of header.classification.reasons) lines.push(['Classification reason', reason.text, reason.article]);
    for (const warning of header.classification.warnings) lines.push(['Classification warning', warning.text, warning.article]);
    for (const setting of header.settings) lines.push(['Setting', setting.label, setting.answers.length ? setting.answers.join('; ') : 'Not answered']);
    lines.push(['Settings answered by', header.answered_by ? `${header.answered_by.name} <${header.answered_by.email}>` : 'Nobody yet', header.answered_at ?? '']);
    for (const date of header.dates) lines.push(['Application date', date.date, date.what, date.basis]);
    lines.push(['Application dates source', header.dates_source]);
  }
  return [...lines, []];
}

const rowOf = (item: SoaItem, included: string): (string | null)[] => [
  item.code,
  item.title,
  item.section.join(' › '),
  included,
  DECIDED_BY[item.decided_by],
  item.reason,
  item.article,
  item.applies_from,
  item.justification,
  item.decided_by_user ? `${item.decided_by_user.name} <${item.decided_by_user.email}>` : null,
  item.decided_at,
  REQUIREMENT_STATUS_LABELS[item.status],
  item.control_codes.join('; '),
];

export function soaCsv(statement: Statement): string {
  return csvOf([
    ...soaCsvPreamble(statement),
    SOA_CSV_HEADER,
    ...statement.items.map((item) => rowOf(item, item.included ? 'Included' : 'Excluded')),
    ...statement.authorities_only.map((item) => rowOf(item, AUTHORITIES_ONLY)),
    ...statement.deleted.map((item) => rowOf(item, DELETED)),
  ]);
}

/** "<project> - <framework code> statement of applicability". */
export const soaFileName = (statement: Statement) => `${statement.project_name} - ${statement.framework_code} statement of applicability`;
