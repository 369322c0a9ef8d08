import { ASSET_CARD_SECTIONS, type AssetCardDetail, type AssetCardFacts, type AssetCardType } from '@aegis/contracts';
import { formatDate, parseDisplayDate } from '../../lib/format';
import type { CardFieldErrors } from './card-field-errors';

/** The key facts a card of each type shows (the others are kept as they are). */
export type FactField = 'license' | 'source_url' | 'languages' | 'base_model' | 'task' | 'metrics' | 'personal_data' | 'personal_data_categories' | 'size' | 'time_span' | 'provider';

export const FACT_FIELDS: Record<AssetCardType, readonly FactField[]> = {
  model: ['license', 'source_url', 'languages', 'base_model', 'task', 'metrics'],
  dataset: ['license', 'source_url', 'languages', 'personal_data', 'personal_data_categories', 'size', 'time_span'],
  ai_system: ['license', 'source_url'],
  software_component: ['provider', 'license', 'source_url'],
  third_party_service: ['provider', 'source_url', 'license'],
};

export type MetricDraft = { name: string; value: string; dataset: string };

/** The key facts as the form holds them: text as typed, lists comma-separated, dates as shown (DD-MM-YYYY). */
export type FactsDraft = {
  license: string;
  source_url: string;
  languages: string;
  base_model: string;
  task: string;
  metrics: MetricDraft[];
  personal_data: '' | 'yes' | 'no';
  personal_data_categories: string;
  size: string;
  time_span_start: string;
  time_span_end: string;
  provider: string;
};

export function factsDraft(facts: AssetCardFacts): FactsDraft {
  return {
    license: facts.license ?? '',
    source_url: facts.source_url ?? '',
    languages: facts.languages.join(', '),
    base_model: facts.base_model ?? '',
    task: facts.task ?? '',
    metrics: facts.metrics.map((metric) => ({ name: metric.name, value: String(metric.value), dataset: metric.dataset ?? '' })),
    personal_data: facts.personal_data === null ? '' : facts.personal_data ? 'yes' : 'no',
    personal_data_categories: facts.personal_data_categories.join(', '),
    size: facts.size ?? '',
    time_span_start: facts.time_span_start ? formatDate(facts.time_span_start) : '',
    time_span_end: facts.time_span_end ? formatDate(facts.time_span_end) : '',
    provider: facts.provider ?? '',
  };
}

const DATE_HINT = 'Write the date as DD-MM-YYYY, for example 31-01-2024';
const NUMBER_HINT = 'Write a number such as 0.87';

const orNull = (text: string) => text.trim() || null;
const commaList = (text: string) => text.split(',').map((item) => item.trim()).filter(Boolean);

/**
 * The facts to send: those of the card's type from the form, every other one as the card has it. What
 * the form can already tell is wrong (a number or a date it cannot read) comes back as field errors;
 * the rest is the request schema's to check.
 */
export function factsFromDraft(type: AssetCardType, draft: FactsDraft, current: AssetCardFacts): { facts: AssetCardFacts; errors: CardFieldErrors } {
  const shown = new Set(FACT_FIELDS[type]);
  const errors: CardFieldErrors = {};
  const facts: AssetCardFacts = structuredClone(current);
  if (shown.has('license')) facts.license = orNull(draft.license);
  if (shown.has('source_url')) facts.source_url = orNull(draft.source_url);
  if (shown.has('languages')) facts.languages = commaList(draft.languages);
  if (shown.has('base_model')) facts.base_model = orNull(draft.base_model);
  if (shown.has('task')) facts.task = orNull(draft.task);
  if (shown.has('provider')) facts.provider = orNull(draft.provider);
  if (shown.has('size')) facts.size = orNull(draft.size);
  if (shown.has('personal_data')) facts.personal_data = draft.personal_data === '' ? null : draft.personal_data === 'yes';
  if (shown.has('personal_data_categories')) facts.personal_data_categories = commaList(draft.personal_data_categories);
  if (shown.has('time_span')) {
    for (const key of ['time_span_start', 'time_span_end'] as const) {
      const text = draft[key].trim();
      const date = text ? parseDisplayDate(text) : null;
      if (text && !date) errors[`facts.${key}`] = DATE_HINT;
      facts[key] = date;
    }
    if (facts.time_span_start && facts.time_span_end && facts.time_span_end < facts.time_span_start) errors['facts.time_span_end'] = 'The span must end on or after its start';
  }
  if (shown.has('metrics')) {
    facts.metrics = draft.metrics.map((metric, index) => {
      const text = metric.value.trim().replace(',', '.');
      const value = text === '' ? Number.NaN : Number(text);
      if (!Number.isFinite(value)) errors[`facts.metrics.${index}.value`] = NUMBER_HINT;
      return { name: metric.name.trim(), value: Number.isFinite(value) ? value : 0, dataset: orNull(metric.dataset) };
    });
  }
  return { facts, errors };
}

/** The sections of the card's type as the form holds them (empty for those not written yet). */
export function sectionsDraft(card: Pick<AssetCardDetail, 'asset_card_type' | 'sections'>): Record<string, string> {
  return Object.fromEntries(ASSET_CARD_SECTIONS[card.asset_card_type].map(({ key }) => [key, card.sections[key] ?? '']));
}

/** The sections to send: those written, in card order (an emptied one is left out: the card no longer has it). */
export function sectionsFromDraft(type: AssetCardType, draft: Record<string, string>): Record<string, string> {
  return Object.fromEntries(ASSET_CARD_SECTIONS[type].map(({ key }) => [key, draft[key] ?? '']).filter(([, text]) => text!.trim() !== ''));
}

/** Whether two values are the same once both are written as JSON with sorted keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y)).map(([key, item]) => [key, sorted(item)]))
        : value;
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}
