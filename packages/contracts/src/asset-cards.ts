import { z } from 'zod';
import { booleanQuery, isoDateTime, pageQuery, uuid } from './common';
import { statusChange, tagRef } from './controls';
import { reviewStatus } from './reviews';
import { calendarDate, personRef, workItemStatus, WORK_ITEM_STATUSES } from './work-items';

/*
 * Asset cards (issue 22): the models, datasets and systems of an AI project, documented the way ML teams
 * already do it (Hugging Face model and dataset cards, Model Cards for Model Reporting, Datasheets for
 * Datasets). A card is a work item (the shared life cycle, assignees, reviewers, tags, the lock rule,
 * review concept `asset_card`); it has key facts, prose sections per type, lineage links to other
 * cards (dataset → model → system) and links to controls, risks and evidence.
 */

export const ASSET_CARD_TYPES = ['model', 'dataset', 'ai_system', 'software_component', 'third_party_service'] as const;
export const assetCardType = z.enum(ASSET_CARD_TYPES);
export type AssetCardType = z.infer<typeof assetCardType>;
export const ASSET_CARD_TYPE_LABELS: Record<AssetCardType, string> = {
  model: 'Model',
  dataset: 'Dataset',
  ai_system: 'AI system',
  software_component: 'Software component',
  third_party_service: 'Third-party service',
};

export const ASSET_CARD_NATURES = ['in_house', 'third_party', 'open_source'] as const;
export const assetCardNature = z.enum(ASSET_CARD_NATURES);
export type AssetCardNature = z.infer<typeof assetCardNature>;
export const ASSET_CARD_NATURE_LABELS: Record<AssetCardNature, string> = { in_house: 'In-house', third_party: 'Third party', open_source: 'Open source' };

/** A prose section of a card: its key, its heading in the Markdown card, and what to write in it. */
export type AssetCardSectionDefinition = { key: string; heading: string; guidance: string };

/**
 * The prose sections of each type, in card order. Headings follow the Hugging Face card templates
 * (model card: "Uses", "Out-of-Scope Use", "Training Data"…; dataset card: "Source Data", "Personal and
 * Sensitive Information"…) so that an exported card reads like one people already write.
 */
export const ASSET_CARD_SECTIONS: Record<AssetCardType, readonly AssetCardSectionDefinition[]> = {
  model: [
    { key: 'intended_use', heading: 'Intended Use', guidance: 'What the model is for, who uses it and in which decisions; the tasks and populations it was built for.' },
    { key: 'out_of_scope_uses', heading: 'Out-of-Scope Use', guidance: 'Uses it must not be put to, and why (misuse, populations or contexts it was not validated for).' },
    { key: 'architecture', heading: 'Model Architecture', guidance: 'Model family, size, inputs and outputs, the base model it was fine-tuned from.' },
    { key: 'training_data', heading: 'Training Data', guidance: 'What it was trained on; link the dataset cards (lineage) and note what they do not cover.' },
    { key: 'evaluation_results', heading: 'Evaluation Results', guidance: 'Metrics, on which data, per relevant group; thresholds it had to meet.' },
    { key: 'limitations', heading: 'Bias, Risks, and Limitations', guidance: 'Known failure modes, biases and conditions where it performs worse.' },
    { key: 'ethical_considerations', heading: 'Ethical Considerations', guidance: 'Effects on people, human oversight, recourse for those affected.' },
  ],
  dataset: [
    { key: 'source_and_provenance', heading: 'Source Data', guidance: 'Where the data comes from, who produced it, under which agreement; the chain of custody.' },
    { key: 'collection_method', heading: 'Data Collection and Processing', guidance: 'How and when it was collected, sampled and labelled, by whom.' },
    { key: 'preprocessing', heading: 'Preprocessing', guidance: 'Cleaning, filtering, de-duplication, anonymisation and transformations applied.' },
    { key: 'personal_data_notes', heading: 'Personal and Sensitive Information', guidance: 'Which personal data it holds, its legal basis, minimisation and retention.' },
    { key: 'known_biases', heading: 'Bias, Risks, and Limitations', guidance: 'Groups or situations under- or over-represented; known label noise; gaps.' },
  ],
  ai_system: [
    { key: 'purpose', heading: 'Purpose', guidance: 'What the system does, for whom, and the decisions it supports or makes.' },
    { key: 'components', heading: 'Components', guidance: 'Models, datasets and services it is built from (link their cards) and how they fit together.' },
    { key: 'human_oversight', heading: 'Human Oversight', guidance: 'Who can intervene, override or stop it, and how.' },
    { key: 'deployment', heading: 'Deployment', guidance: 'Where and how it runs, its users, monitoring and incident handling.' },
    { key: 'limitations', heading: 'Limitations', guidance: 'Known limits of the system as a whole.' },
  ],
  software_component: [
    { key: 'purpose', heading: 'Purpose', guidance: 'What the component does in the system.' },
    { key: 'dependencies', heading: 'Dependencies', guidance: 'Libraries and services it depends on, with versions.' },
    { key: 'security', heading: 'Security', guidance: 'How it is kept patched; known vulnerabilities and their handling.' },
  ],
  third_party_service: [
    { key: 'provider', heading: 'Provider', guidance: 'Who provides it, under which contract and service levels.' },
    { key: 'purpose', heading: 'Purpose', guidance: 'What the system uses it for.' },
    { key: 'data_processing', heading: 'Data Processing', guidance: 'Which data is sent to it, where it is processed and kept, and for how long.' },
    { key: 'limitations', heading: 'Limitations', guidance: 'Known limits, outages and exit plan.' },
  ],
};

/** How a card is built from another (lineage): `from` is upstream of `to`. */
export const LINEAGE_RELATIONS = ['trained_on', 'evaluated_on', 'uses', 'depends_on'] as const;
export const lineageRelation = z.enum(LINEAGE_RELATIONS);
export type LineageRelation = z.infer<typeof lineageRelation>;
export const LINEAGE_RELATION_LABELS: Record<LineageRelation, string> = { trained_on: 'Trained on', evaluated_on: 'Evaluated on', uses: 'Uses', depends_on: 'Depends on' };

/** A metric as model cards report it (the model-index `results[].metrics[]`). */
export const assetCardMetric = z.strictObject({
  name: z.string().trim().min(1, 'Name the metric').max(200),
  value: z.number().finite(),
  /** The dataset it was measured on, if any. */
  dataset: z.string().trim().max(200).nullable().default(null),
});
export type AssetCardMetric = z.infer<typeof assetCardMetric>;

const shortText = z.string().trim().max(200);
const stringList = z.array(z.string().trim().min(1, 'must not be empty').max(200)).max(50);
/** A web address: http or https only (spec section 5). */
export const webUrl = z.url({ protocol: /^https?$/, error: 'must be an http or https address' }).max(1000);

/**
 * The key facts of a card. Which apply depends on its type (the screen shows those of the type);
 * all are optional. `license` is an SPDX identifier or a free name ("other").
 */
export const assetCardFacts = z.strictObject({
  license: shortText.nullable().default(null),
  source_url: webUrl.nullable().default(null),
  languages: stringList.default([]),
  /** Model: the model it was fine-tuned from (a name or a Hugging Face id). */
  base_model: shortText.nullable().default(null),
  /** Model: what it does (text-classification, tabular-regression…: the Hugging Face pipeline tag). */
  task: shortText.nullable().default(null),
  metrics: z.array(assetCardMetric).max(100).default([]),
  /** Dataset: whether it holds personal data, and of which categories. */
  personal_data: z.boolean().nullable().default(null),
  personal_data_categories: stringList.default([]),
  /** Dataset: its size in words ("1.2 M rows, 40 GB"). */
  size: shortText.nullable().default(null),
  time_span_start: calendarDate.nullable().default(null),
  time_span_end: calendarDate.nullable().default(null),
  /** Third-party service or component: who provides it. */
  provider: shortText.nullable().default(null),
});
export type AssetCardFacts = z.infer<typeof assetCardFacts>;

/** Prose sections, keyed by ASSET_CARD_SECTIONS' keys of the card's type, as Markdown. */
export const assetCardSections = z.record(z.string().regex(/^[a-z_]{1,50}$/), z.string().max(50_000, 'must be at most 50,000 characters'));

export const assetCardRef = z.object({ id: uuid, name: z.string(), asset_card_type: assetCardType, status: workItemStatus });
export type AssetCardRef = z.infer<typeof assetCardRef>;
export const assetCardLineageLink = z.object({ card: assetCardRef, relation: lineageRelation });

export const assetCardListItem = z.object({
  id: uuid,
  name: z.string(),
  asset_card_type: assetCardType,
  asset_card_nature: assetCardNature,
  status: workItemStatus,
  version: z.string().nullable(),
  owner: personRef.nullable(),
  license: z.string().nullable(),
  assignees: z.array(personRef),
  tags: z.array(tagRef),
  /** Cards it is built from (its lineage's upstream), and cards built from it. */
  upstream_count: z.number().int(),
  downstream_count: z.number().int(),
  control_count: z.number().int(),
  risk_count: z.number().int(),
  evidence_count: z.number().int(),
  review_status: reviewStatus.nullable(),
  approval_forced: z.boolean(),
  needs_attention: z.boolean(),
  updated_at: isoDateTime,
});
export type AssetCardListItem = z.infer<typeof assetCardListItem>;

export const assetCardDetail = assetCardListItem.extend({
  description: z.string(),
  facts: assetCardFacts,
  sections: assetCardSections,
  /** Front matter fields of an imported card that map to none of ours, kept for the export. */
  extra_metadata: z.record(z.string(), z.unknown()),
  upstream: z.array(assetCardLineageLink),
  downstream: z.array(assetCardLineageLink),
  controls: z.array(z.object({ id: uuid, control_code: z.string(), title: z.string(), status: workItemStatus })),
  risks: z.array(z.object({ id: uuid, reference: z.string(), name: z.string(), status: workItemStatus })),
  evidences: z.array(z.object({ id: uuid, name: z.string(), file_type: z.string(), status: workItemStatus })),
  reviewers: z.array(personRef),
  locked: z.boolean(),
  allowed_transitions: z.array(workItemStatus),
  status_history: z.array(statusChange),
  /** Where the card came from when imported (the file's name), else null. */
  imported_from: z.string().nullable(),
  created_by: personRef.nullable(),
  created_at: isoDateTime,
});
export type AssetCardDetail = z.infer<typeof assetCardDetail>;

const commaList = <T extends z.ZodType<string, string>>(item: T, max: number) =>
  z
    .string()
    .max(4000)
    .transform((value) => value.split(',').map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(item).max(max));

export const ASSET_CARD_SORTS = ['name', 'asset_card_type', 'asset_card_nature', 'status', 'updated_at', 'created_at'] as const;
/** Spec section 7's filters (name, status, is_assigned_to_me, asset_card_type, asset_card_nature). */
export const listAssetCardsQuery = pageQuery(ASSET_CARD_SORTS).extend({
  name: z.string().trim().max(200).optional(),
  status: commaList(workItemStatus, WORK_ITEM_STATUSES.length).optional(),
  is_assigned_to_me: booleanQuery.default(false),
  asset_card_type: commaList(assetCardType, ASSET_CARD_TYPES.length).optional(),
  asset_card_nature: commaList(assetCardNature, ASSET_CARD_NATURES.length).optional(),
});
export type ListAssetCardsQuery = z.infer<typeof listAssetCardsQuery>;

/** The project's lineage graph: every card and every lineage link (for the lineage view and the PDF). */
export const assetLineage = z.object({
  nodes: z.array(assetCardRef.extend({ asset_card_nature: assetCardNature })),
  edges: z.array(z.object({ from_id: uuid, to_id: uuid, relation: lineageRelation })),
});
export type AssetLineage = z.infer<typeof assetLineage>;

const cardName = z.string().trim().min(1, 'Give the card a name').max(300);
const lineageInput = z
  .array(z.strictObject({ card_id: uuid, relation: lineageRelation }))
  .max(100)
  .refine((items) => new Set(items.map((i) => i.card_id)).size === items.length, 'Give each card once');
const idList = (what: string) =>
  z
    .array(uuid)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, `Give each ${what} once`);

export const createAssetCard = z.strictObject({
  name: cardName,
  asset_card_type: assetCardType,
  asset_card_nature: assetCardNature,
  description: z.string().max(10_000).default(''),
  version: shortText.nullable().default(null),
  /** A project member. */
  owner_id: uuid.nullable().default(null),
  facts: assetCardFacts.default(assetCardFacts.parse({})),
  sections: assetCardSections.default({}),
  /** Cards of the same project this one is built from (lineage upstream). */
  upstream: lineageInput.default([]),
  tags: idList('tag').default([]),
});
export type CreateAssetCard = z.infer<typeof createAssetCard>;

export const updateAssetCard = z
  .strictObject({
    name: cardName,
    asset_card_nature: assetCardNature,
    description: z.string().max(10_000),
    version: shortText.nullable(),
    owner_id: uuid.nullable(),
    facts: assetCardFacts,
    sections: assetCardSections,
    upstream: lineageInput,
    control_ids: idList('control'),
    risk_ids: idList('risk'),
    evidence_ids: idList('evidence'),
    tags: idList('tag'),
    status: workItemStatus,
    /** Why: required when moving to out_of_scope and when reopening an approved card. */
    justification: z.string().trim().max(2000),
  })
  .partial()
  .refine((v) => Object.keys(v).some((k) => k !== 'justification'), 'Send at least one field to change');
export type UpdateAssetCard = z.infer<typeof updateAssetCard>;

const people = z.array(uuid).max(50).refine((ids) => new Set(ids).size === ids.length, 'Give each person once');
export const updateAssetCardAssignees = z.strictObject({ assignees: people, reviewers: people });

export const assetCardIdParams = z.object({ project_id: uuid, asset_card_id: uuid });
export const ASSET_CARD_DOWNLOAD_FORMATS = ['markdown', 'json'] as const;
export const downloadAssetCardQuery = z.object({ format: z.enum(ASSET_CARD_DOWNLOAD_FORMATS).default('markdown') });
/** POST …/asset_cards/import (multipart `file`: a Hugging Face README.md); the type is read from the card, or given. */
export const importAssetCardQuery = z.object({
  asset_card_type: assetCardType.optional(),
  asset_card_nature: assetCardNature.optional(),
  /** The card's name when the file gives none (or to replace the one it gives). */
  name: z.string().trim().min(1, 'must not be empty').max(300, 'must be at most 300 characters').optional(),
});
export type ImportAssetCardQuery = z.infer<typeof importAssetCardQuery>;

/** What an import would create, read from the file without creating anything (the import dialog shows it first). */
export const assetCardImportPreview = z.object({
  /** The name read (or given); null when the file has none and `name` must be given. */
  name: z.string().nullable(),
  name_required: z.boolean(),
  asset_card_type: assetCardType,
  asset_card_nature: assetCardNature,
  version: z.string().nullable(),
  license: z.string().nullable(),
  languages: z.array(z.string()),
  base_model: z.string().nullable(),
  task: z.string().nullable(),
  /** The front matter's `datasets`, and the project's dataset cards they name (a model is linked to those, trained on). */
  datasets: z.array(z.string()),
  linked_datasets: z.array(z.object({ id: uuid, name: z.string() })),
  metrics: z.array(assetCardMetric),
  /** The headings of the card's sections that were read. */
  sections: z.array(z.string()),
});
export type AssetCardImportPreview = z.infer<typeof assetCardImportPreview>;
/** The largest card file accepted for import. */
export const MAX_ASSET_CARD_FILE_BYTES = 1_048_576;
