import { WORK_ITEM_STATUS_LABELS, type Review } from '@aegis/contracts';
import { formatDate } from '../../../lib/format';

/** How a review is settled, as a sentence. */
export const RULE_TEXT: Record<Review['rule'], string> = {
  any: 'The first decision settles it.',
  all: 'Every reviewer must approve; one rejection rejects it.',
};

/** The names of the fields an approval covers, as the stale warning lists them. */
const FIELD_LABELS: Record<string, string> = { notes: 'Notes', due_date: 'Due date', tags: 'Tags', out_of_scope_justification: 'Out-of-scope justification' };

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field.replace(/_/g, ' ');

/** A changed value as a person reads it: dates as shown elsewhere, lists counted, nothing as "empty". */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  if (field === 'due_date' && typeof value === 'string') return formatDate(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `“${text.slice(0, 119)}…”` : typeof value === 'string' ? `“${text}”` : text;
}

export const statusLabel = (status: Review['status_before']) => WORK_ITEM_STATUS_LABELS[status];
