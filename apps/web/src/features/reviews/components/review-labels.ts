import { WORK_ITEM_STATUS_LABELS, type Review } from '@aegis/contracts';
import { formatDate } from '../../../lib/format';

/** How a review is settled, as a sentence. */
export const RULE_TEXT: Record<Review['rule'], string> = {
  any: 'The first decision settles it.',
  all: 'Every reviewer must approve; one rejection rejects it.',
};

/** The names of the fields an approval covers, as the stale warning lists them (any concept). */
const FIELD_LABELS: Record<string, string> = {
  notes: 'Notes',
  due_date: 'Due date',
  tags: 'Tags',
  out_of_scope_justification: 'Out-of-scope justification',
  evidence: 'Linked evidence',
  evidences: 'Linked evidence',
  controls: 'Linked controls',
  risks: 'Linked risks',
  asset_cards: 'Linked asset cards',
  assessment: 'Assessment',
  treatment: 'Treatment',
  strategies: 'Treatment strategies',
  upstream: 'Built from',
  monetary_impact: 'Monetary impact',
  expected_annual_loss: 'Expected annual loss',
  effective_date: 'Effective date',
  expires_on: 'Expires on',
  version: 'File version',
  sha256: 'File',
  owner_id: 'Owner',
  asset_card_type: 'Type',
  asset_card_nature: 'Nature',
  extra_metadata: 'Other front matter',
};

/** The parts of a treatment, an assessment, a strategy… as a person names them. */
const PART_LABELS: Record<string, string> = {
  option: 'option',
  plan: 'plan',
  residual_likelihood: 'residual likelihood',
  residual_impact: 'residual impact',
  acceptance_rationale: 'acceptance rationale',
  result: 'result',
  rationale: 'rationale',
  action: 'action',
  owner_id: 'owner',
  due_date: 'due date',
  status: 'status',
  relation: 'relation',
  card_id: 'card',
};

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field.replace(/_/g, ' ');
const partLabel = (key: string) => PART_LABELS[key] ?? key.replace(/_/g, ' ');

/** Values that name a choice (mitigate, not_met, trained_on…): shown as words, without quotes. */
const CHOICES = new Set(['option', 'result', 'status', 'relation', 'asset_card_type', 'asset_card_nature', 'category', 'currency']);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** One text for equal values whatever the order of their keys (the API compares them the same way). */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) => (isRecord(inner) ? Object.fromEntries(Object.keys(inner).sort().map((key) => [key, inner[key]])) : inner));
}

/** A changed value as a person reads it: dates as shown elsewhere, lists counted, nothing as "empty"; never raw JSON. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (ISO_DAY.test(value)) return formatDate(value);
    if (CHOICES.has(field)) return value.replace(/_/g, ' ');
    return value.length > 120 ? `“${value.slice(0, 119)}…”` : `“${value}”`;
  }
  return isRecord(value) ? `${Object.keys(value).length} ${Object.keys(value).length === 1 ? 'entry' : 'entries'}` : 'a value';
}

/** The key a list's entries are known by (a strategy's id, a lineage link's card), or the entry itself. */
const entryKey = (entry: unknown) => (isRecord(entry) ? canonical(entry.id ?? entry.card_id ?? entry) : canonical(entry));

/** What changed in a list: how many entries were added, removed and changed. */
function listChange(before: readonly unknown[], after: readonly unknown[]): string {
  const was = new Map(before.map((entry) => [entryKey(entry), canonical(entry)]));
  const now = new Map(after.map((entry) => [entryKey(entry), canonical(entry)]));
  const added = [...now.keys()].filter((key) => !was.has(key)).length;
  const removed = [...was.keys()].filter((key) => !now.has(key)).length;
  const changed = [...now.keys()].filter((key) => was.has(key) && was.get(key) !== now.get(key)).length;
  const parts = [added && `${added} added`, removed && `${removed} removed`, changed && `${changed} changed`].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'reordered';
}

/** What changed in a record (a treatment, an assessment, facts, sections): each part that changed, in words. */
function recordChange(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const parts = keys
    .filter((key) => canonical(before[key]) !== canonical(after[key]))
    .map((key) => {
      const was = before[key];
      const now = after[key];
      if ((Array.isArray(was) || was == null) && (Array.isArray(now) || now == null) && (Array.isArray(was) || Array.isArray(now))) return `${partLabel(key)}: ${listChange(was ?? [], now ?? [])}`;
      if (isRecord(was) || isRecord(now) || key.endsWith('_id')) return `${partLabel(key)} changed`;
      return `${partLabel(key)} ${valueText(key, was)} → ${valueText(key, now)}`;
    });
  return parts.length > 0 ? parts.join('; ') : 'changed';
}

/**
 * One change of a reviewed object as a sentence (after its field's label): a value's before and after,
 * what was added to or removed from a list, the parts of a record that changed — never its raw JSON.
 */
export function changeText(field: string, before: unknown, after: unknown): string {
  if (field === 'sha256') return 'a new file';
  if (field.endsWith('_id')) return before == null ? 'set' : after == null ? 'removed' : 'another one';
  if ((Array.isArray(before) || before == null) && (Array.isArray(after) || after == null) && (Array.isArray(before) || Array.isArray(after))) return listChange(before ?? [], after ?? []);
  if (isRecord(before) && isRecord(after)) return recordChange(before, after);
  if (isRecord(before) || isRecord(after)) return isRecord(after) ? `set: ${recordChange({}, after)}` : 'removed';
  return `${valueText(field, before)} → ${valueText(field, after)}`;
}

export const statusLabel = (status: Review['status_before']) => WORK_ITEM_STATUS_LABELS[status];
