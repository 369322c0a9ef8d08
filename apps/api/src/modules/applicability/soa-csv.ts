import { REQUIREMENT_STATUS_LABELS, type SoaItem } from '@aegis/contracts';
import { csvOf } from '../../lib/csv';
import type { Statement } from './soa-service';

const DECIDED_BY: Record<SoaItem['decided_by'], string> = {
  engine: 'Scoping answers',
  person: 'Person',
  default: 'Default (nothing excludes it)',
};

export const SOA_CSV_HEADER = ['Code', 'Title', 'Section', 'Included', 'Decided by', 'Justification', 'Decided by person', 'Decided at', 'Status', 'Controls'] as const;

export function soaCsv(statement: Statement): string {
  return csvOf([
    SOA_CSV_HEADER,
    ...statement.items.map((item) => [
      item.code,
      item.title,
      item.section.join(' › '),
      item.included ? 'Included' : 'Excluded',
      DECIDED_BY[item.decided_by],
      item.justification,
      item.decided_by_user ? `${item.decided_by_user.name} <${item.decided_by_user.email}>` : null,
      item.decided_at,
      REQUIREMENT_STATUS_LABELS[item.status],
      item.control_codes.join('; '),
    ]),
  ]);
}

/** "<project> - <framework code> statement of applicability". */
export const soaFileName = (statement: Statement) => `${statement.project_name} - ${statement.framework_code} statement of applicability`;
