import {
  ASSET_CARD_NATURES,
  ASSET_CARD_SECTIONS,
  ASSET_CARD_TYPES,
  assetCardFacts,
  type AssetCardFacts,
  type AssetCardMetric,
  type AssetCardNature,
  type AssetCardType,
} from '@aegis/contracts';
import { isDeepStrictEqual } from 'node:util';
import { parseCardBody, writeCardBody, type UnmappedSection } from './card-body';
import { fileError, readFrontMatter, writeFrontMatter, type FrontMatter } from './card-front-matter';

/**
 * Asset cards as Hugging Face card files (README.md: YAML front matter, then Markdown sections), both
 * ways. Pure: text in, card out, and back. The mapping:
 *
 * - `license` → facts.license; `language` (a string or a list) → facts.languages; `base_model` (a string
 *   or a list) → facts.base_model; `pipeline_tag` → facts.task;
 * - `model-index[].results[].metrics[]` → facts.metrics (name, numeric value, the result's dataset); the
 *   model-index itself is kept whole in extra_metadata and written back as it came (task, dataset type, name
 *   and args, metric types, its name) while the metrics are those it gives; an edited metric is written
 *   with the task, dataset and type it came with;
 * - the name: the one the import is given, else `model_name` (models, systems, components, services) /
 *   `pretty_name` (datasets), else `model-index[0].name`, else the first `# ` heading ("Model Card for X"
 *   → X; the template's "Model ID" placeholder is no name), else the file's name when it is not README.md;
 *   with none, the import asks for one (422 naming `name`);
 * - `language: en` (a single string) is kept as written (extra_metadata.language) and written back so;
 * - `aegis:` holds what Hugging Face has no key for (type, nature, version, the other facts): written by
 *   the export, read back by the import;
 * - everything else (`datasets`, `tags`, `metrics`, `library_name`, `widget`…) → extra_metadata as it is,
 *   written back as it came. `datasets` also names the dataset cards a model was trained on (lineage); the
 *   download adds the dataset cards it is linked to (trained on) that `datasets` does not name yet.
 *
 * The type is the one asked for, else `aegis.asset_card_type`, else dataset when the front matter has
 * dataset-card keys (`pretty_name`, `dataset_info`, `configs`, `task_categories`, `size_categories`,
 * `source_datasets`…), else model. The nature is the one asked for, else `aegis.asset_card_nature`, else
 * third party for a model card from the Hub (no `aegis:` key: we did not write it), else in-house. `## ` sections go to the type's sections by heading (card-sections.ts),
 * the others to extra_metadata.unmapped_sections, written back after the sections.
 * Round trip: parseCardMarkdown(writeCardMarkdown(card)) gives the card back.
 */

/** What a card file carries (and what the round trip keeps). */
export type CardContent = {
  name: string;
  asset_card_type: AssetCardType;
  asset_card_nature: AssetCardNature;
  version: string | null;
  description: string;
  facts: AssetCardFacts;
  sections: Record<string, string>;
  extra_metadata: Record<string, unknown>;
};

/** A parsed card file, with the dataset names its front matter gives (for lineage). */
export type ParsedCard = CardContent & { datasets: string[] };
/** A card file as read before its name is settled: null when neither the file nor the import gives one. */
export type CardReading = Omit<ParsedCard, 'name'> & { name: string | null };
/** What the import asks for (query) and the uploaded file's name. */
export type ReadOptions = { asset_card_type?: AssetCardType; asset_card_nature?: AssetCardNature; name?: string; file_name?: string };

const DATASET_KEYS = ['task_categories', 'task_ids', 'size_categories', 'source_datasets', 'annotations_creators', 'language_creators', 'multilinguality', 'paperswithcode_id', 'pretty_name', 'dataset_info', 'configs'];
/** Facts under `aegis:` (Hugging Face has no key for them). */
const AEGIS_FACTS = ['source_url', 'personal_data', 'personal_data_categories', 'size', 'time_span_start', 'time_span_end', 'provider'] as const;
const AEGIS_KEYS = new Set<string>(['asset_card_type', 'asset_card_nature', 'version', ...AEGIS_FACTS]);
/** The front matter key each fact comes from (for refusals). */
const FACT_KEYS: Record<string, string> = { license: 'license', languages: 'language', base_model: 'base_model', task: 'pipeline_tag', metrics: 'model-index' };
const MAX_DESCRIPTION = 10_000;
const MAX_SECTION = 50_000;

const nameKeyOf = (type: AssetCardType) => (type === 'dataset' ? 'pretty_name' : 'model_name');
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null);
const texts = (value: unknown) => (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).map(text).filter((v): v is string => v !== null && v.trim() !== '').map((v) => v.trim());

type IndexMetric = { metric: AssetCardMetric; result: Record<string, unknown>; source: Record<string, unknown> };

/** model-index → its metrics with numeric values (in order, each with the result and metric it came from), and those without. */
function indexMetricsOf(modelIndex: unknown): { metrics: IndexMetric[]; unmapped: unknown[] } {
  const metrics: IndexMetric[] = [];
  const unmapped: unknown[] = [];
  for (const model of Array.isArray(modelIndex) ? modelIndex : [modelIndex]) {
    for (const result of isRecord(model) && Array.isArray(model.results) ? model.results : []) {
      if (!isRecord(result)) continue;
      const ds = isRecord(result.dataset) ? (text(result.dataset.name) ?? text(result.dataset.type)) : text(result.dataset);
      for (const metric of Array.isArray(result.metrics) ? result.metrics : []) {
        if (!isRecord(metric)) continue;
        const name = text(metric.name) ?? text(metric.type) ?? 'metric';
        const value = typeof metric.value === 'number' ? metric.value : typeof metric.value === 'string' && metric.value.trim() !== '' ? Number(metric.value) : NaN;
        if (Number.isFinite(value)) metrics.push({ metric: { name, value, dataset: ds }, result, source: metric });
        else unmapped.push({ name, value: metric.value ?? null, dataset: ds });
      }
    }
  }
  return { metrics, unmapped };
}

const metricsOf = (modelIndex: unknown) => {
  const { metrics, unmapped } = indexMetricsOf(modelIndex);
  return { metrics: metrics.map((m) => m.metric), unmapped };
};

/** Names the Hub's card templates leave in place of one. */
const PLACEHOLDER_NAMES = /^(model id|dataset name|\{\{.*\}\})$/i;

/** The uploaded file's name as a card name: `whisper-small-sv.md` → `whisper-small-sv`; README.md (any case) is none. */
function nameFromFile(fileName: string | undefined): string | null {
  const base = (fileName ?? '').trim();
  if (!base || /^readme(\.(md|markdown|txt))?$/i.test(base)) return null;
  return base.replace(/\.(md|markdown|txt)$/i, '').trim() || null;
}

/** Each value of a refused fact, named by its front matter key and line. */
function factsOf(input: Record<string, unknown>, front: FrontMatter): AssetCardFacts {
  const parsed = assetCardFacts.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const fact = String(issue.path[0]);
  const key = FACT_KEYS[fact] ?? `aegis.${fact}`;
  throw fileError(`${key}: ${issue.message}`, front.lineOf(key.split('.')[0]!), `body.file.front_matter.${key}`);
}

function oneOf<T extends string>(values: readonly T[], value: unknown, key: string, front: FrontMatter): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && (values as readonly string[]).includes(value)) return value as T;
  throw fileError(`${key}: ${JSON.stringify(value)?.slice(0, 100)} is not one of ${values.join(', ')}`, front.lineOf(key.split('.')[0]!), `body.file.front_matter.${key}`);
}

/** A 422 asking for the name a file does not give. */
export const noNameError = (type: AssetCardType) =>
  fileError(`the card has no name: give it a ${nameKeyOf(type)} in the front matter, a model-index name or a # heading, or give the import a name`, undefined, 'querystring.name');

/**
 * A card file → the card it describes. Refusals are 422s naming the line (bad YAML, an unknown type or
 * nature, a fact out of bounds, no name, a section too long).
 */
export function parseCardMarkdown(source: string, asked: ReadOptions = {}): ParsedCard {
  const read = readCardMarkdown(source, asked);
  if (read.name === null) throw noNameError(read.asset_card_type);
  return { ...read, name: read.name };
}

/** As parseCardMarkdown, but a file without a name is read (name null) rather than refused: for the import's preview. */
export function readCardMarkdown(source: string, asked: ReadOptions = {}): CardReading {
  const front = readFrontMatter(source.replace(/^\uFEFF/, ''));
  const fm = front.values;
  const aegis = fm.aegis === undefined || fm.aegis === null ? {} : fm.aegis;
  if (!isRecord(aegis)) throw fileError('aegis: must be keys and values', front.lineOf('aegis'), 'body.file.front_matter.aegis');
  const stray = Object.keys(aegis).find((k) => !AEGIS_KEYS.has(k));
  if (stray !== undefined) throw fileError(`aegis.${stray}: is not a field of an asset card`, front.lineOf('aegis'), `body.file.front_matter.aegis.${stray}`);
  if ('unmapped_sections' in fm) throw fileError('unmapped_sections: is reserved for the sections a card keeps', front.lineOf('unmapped_sections'), 'body.file.front_matter.unmapped_sections');

  const type = asked.asset_card_type ?? oneOf(ASSET_CARD_TYPES, aegis.asset_card_type, 'aegis.asset_card_type', front) ?? (DATASET_KEYS.some((k) => k in fm) ? 'dataset' : 'model');
  const fromHub = fm.aegis === undefined;
  const nature = asked.asset_card_nature ?? oneOf(ASSET_CARD_NATURES, aegis.asset_card_nature, 'aegis.asset_card_nature', front) ?? (fromHub && type === 'model' ? 'third_party' : 'in_house');
  const nameKey = nameKeyOf(type);
  // model-index stays in extra_metadata as it came (the download writes it back); `language` only when a single string.
  const consumed = new Set(['license', 'language', 'base_model', 'pipeline_tag', 'aegis', nameKey]);

  const { metrics, unmapped: unmappedMetrics } = metricsOf(fm['model-index']);
  const licenses = texts(fm.license);
  const bases = texts(fm.base_model);
  const facts = factsOf(
    {
      license: licenses.length ? licenses.join(', ') : null,
      languages: texts(fm.language),
      base_model: bases.length ? bases.join(', ') : null,
      task: text(fm.pipeline_tag)?.trim() || null,
      metrics,
      ...Object.fromEntries(AEGIS_FACTS.filter((k) => aegis[k] !== undefined).map((k) => [k, aegis[k]])),
    },
    front,
  );
  const version = aegis.version === undefined || aegis.version === null ? null : text(aegis.version);
  if (version !== null && version.length > 200) throw fileError('aegis.version: must be at most 200 characters', front.lineOf('aegis'), 'body.file.front_matter.aegis.version');

  const body = parseCardBody(front.body, type, front.bodyLine);
  const title = body.title?.replace(/^(model|dataset|system)\s+card\s+(for|of)\s+/i, '').trim() || null;
  const indexName = Array.isArray(fm['model-index']) && isRecord(fm['model-index'][0]) ? text(fm['model-index'][0].name)?.trim() : undefined;
  const name =
    (asked.name?.trim() || text(fm[nameKey])?.trim() || indexName || (title && !PLACEHOLDER_NAMES.test(title) ? title : '') || nameFromFile(asked.file_name) || '').slice(0, 300).trim() || null;
  if (body.description.length > MAX_DESCRIPTION) throw fileError(`the description (the text before the first section) is longer than ${MAX_DESCRIPTION.toLocaleString('en')} characters`, body.lines.description);
  const sections: Record<string, string> = {};
  for (const { key, heading } of ASSET_CARD_SECTIONS[type]) {
    const value = body.sections[key];
    if (value && value.length > MAX_SECTION) throw fileError(`section “${heading}” is longer than ${MAX_SECTION.toLocaleString('en')} characters`, body.lines[key]);
    if (value) sections[key] = value;
  }

  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fm)) if (!consumed.has(key)) extra[key] = value;
  if (typeof fm.language === 'string') extra.language = fm.language;
  // Kept model-index holds the metrics without a numeric value itself; a model-index that is no list of models does not.
  if (unmappedMetrics.length && !Array.isArray(fm['model-index'])) extra.unmapped_metrics = [...(Array.isArray(extra.unmapped_metrics) ? extra.unmapped_metrics : []), ...unmappedMetrics];
  // A model-index the metrics alone would give back (this product's own export of them) adds nothing to keep.
  if (!Array.isArray(fm['model-index']) || (name !== null && isDeepStrictEqual(fm['model-index'], modelIndexOf(name, facts, undefined)))) delete extra['model-index'];
  if (body.unmapped.length) extra.unmapped_sections = body.unmapped;
  return { name, asset_card_type: type, asset_card_nature: nature, version, description: body.description, facts, sections, extra_metadata: extra, datasets: texts(fm.datasets) };
}

const sameMetric = (a: AssetCardMetric, b: AssetCardMetric) => a.name === b.name && a.value === b.value && a.dataset === b.dataset;

/**
 * Metrics as model-index results. The model-index the card was imported with comes back as it came while
 * the metrics are those it gives; otherwise each metric is written with the result (task, dataset) and the
 * metric (type…) of the same name and dataset it came with, consecutive metrics of one result sharing it,
 * so that their order survives. A metric of its own gets a type made from its name.
 */
function modelIndexOf(name: string, facts: AssetCardFacts, kept: unknown) {
  const known = Array.isArray(kept) ? indexMetricsOf(kept).metrics : [];
  if (known.length === facts.metrics.length && known.every((k, i) => sameMetric(k.metric, facts.metrics[i]!))) return Array.isArray(kept) ? kept : undefined;
  if (facts.metrics.length === 0) return undefined;
  const keptName = Array.isArray(kept) && isRecord(kept[0]) ? text(kept[0].name) : null;
  const results: Record<string, unknown>[] = [];
  let last: { key: unknown; metrics: Record<string, unknown>[] } | undefined;
  for (const m of facts.metrics) {
    const origin = known.find((k) => k.metric.name === m.name && k.metric.dataset === m.dataset) ?? known.find((k) => k.metric.dataset === m.dataset && m.dataset !== null);
    const key = origin?.result ?? m.dataset;
    if (!last || last.key !== key) {
      last = { key, metrics: [] };
      const { metrics: _metrics, ...result } = origin?.result ?? {};
      results.push({
        ...(facts.task && !result.task ? { task: { type: facts.task } } : {}),
        ...(m.dataset !== null && !result.dataset ? { dataset: { name: m.dataset, type: m.dataset } } : {}),
        ...result,
        metrics: last.metrics,
      });
    }
    const same = origin && origin.metric.name === m.name ? origin.source : undefined;
    last.metrics.push(same ? { ...same, value: m.value } : { name: m.name, type: m.name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'metric', value: m.value });
  }
  return [{ name: keptName ?? name, results }];
}

/** `datasets` with the names of the dataset cards the card was trained on that it does not name yet (by name or last path segment). */
function datasetsWith(listed: unknown, trainedOn: readonly string[]): unknown {
  const names = texts(listed);
  const known = new Set(names.flatMap((n) => [n.toLowerCase(), n.split('/').pop()!.toLowerCase()]));
  const added = trainedOn.filter((n) => !known.has(n.toLowerCase()) && !known.has(n.split('/').pop()!.toLowerCase()));
  if (added.length === 0) return listed;
  return [...names, ...new Set(added)];
}

/**
 * The card as a Hugging Face card file: front matter (our facts under their keys, the rest as imported),
 * then the Markdown. `trainedOn`: the names of the dataset cards it is linked to (trained on), added to
 * `datasets` when it does not name them, so that the import links them again.
 */
export function writeCardMarkdown(card: CardContent, { trainedOn = [] }: { trainedOn?: readonly string[] } = {}): string {
  const { facts } = card;
  const fm: Record<string, unknown> = { [nameKeyOf(card.asset_card_type)]: card.name };
  if (facts.license !== null) fm.license = facts.license;
  const { unmapped_sections: unmapped, ...extra } = card.extra_metadata;
  if (facts.languages.length) fm.language = facts.languages.length === 1 && extra.language === facts.languages[0] ? facts.languages[0] : facts.languages;
  if (facts.base_model !== null) fm.base_model = facts.base_model;
  if (facts.task !== null) fm.pipeline_tag = facts.task;
  for (const [key, value] of Object.entries(extra)) if (!(key in fm) && key !== 'model-index' && key !== 'aegis' && key !== 'language') fm[key] = key === 'datasets' ? datasetsWith(value, trainedOn) : value;
  if (!('datasets' in fm) && trainedOn.length) fm.datasets = datasetsWith([], trainedOn);
  const modelIndex = modelIndexOf(card.name, facts, extra['model-index']);
  if (modelIndex !== undefined) fm['model-index'] = modelIndex;
  const aegis: Record<string, unknown> = { asset_card_type: card.asset_card_type, asset_card_nature: card.asset_card_nature };
  if (card.version !== null) aegis.version = card.version;
  for (const key of AEGIS_FACTS) {
    const value = facts[key];
    if (value !== null && !(Array.isArray(value) && value.length === 0)) aegis[key] = value;
  }
  fm.aegis = aegis;
  const sections = ASSET_CARD_SECTIONS[card.asset_card_type].filter((s) => card.sections[s.key]).map((s) => ({ heading: s.heading, body: card.sections[s.key]! }));
  const kept = Array.isArray(unmapped) ? (unmapped as unknown[]).filter((s): s is UnmappedSection => isRecord(s) && typeof s.heading === 'string' && typeof s.body === 'string') : [];
  return writeFrontMatter(fm) + '\n' + writeCardBody(card.name, card.description, [...sections, ...kept]);
}
