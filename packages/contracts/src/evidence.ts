import { z } from 'zod';
import { booleanQuery, isoDateTime, pageQuery, uuid } from './common';
import { MAX_UPLOAD_BYTES } from './constants';
import { statusChange, tagRef } from './controls';
import { reviewStatus } from './reviews';
import { calendarDate, personRef, workItemStatus, WORK_ITEM_STATUSES } from './work-items';

/*
 * Evidence (issue 21, GOVERNANCE-MODEL.md sections 5 and 8): stored files that prove a control or a
 * risk treatment. An evidence is a work item (status through the shared life cycle, assignees = its
 * owners, reviewers, tags, the lock rule, review concept `evidence`); its file has versions, each kept
 * with its SHA-256; it is linked to any number of the project's controls and risks; its text is
 * extracted and searched; suggestions propose links that a person accepts or dismisses.
 */

/** Spec sections 5 and 9: nothing larger is accepted, and the client refuses it before sending a byte. */
export const MAX_EVIDENCE_BYTES = MAX_UPLOAD_BYTES;
/** Spec section 8: the message for files over the limit ({files}: their names, comma-separated). */
export const fileTooLargeMessage = (fileNames: readonly string[]) => `Maximum file size is 100MB. Failed to upload files: ${fileNames.join(', ')}`;

/**
 * The kind of a stored file, decided from its bytes (magic numbers, then a text check), its name only
 * breaking ties between text formats. Drives the list's file-type filter and chips, previews and
 * text extraction.
 */
export const EVIDENCE_FILE_TYPES = ['pdf', 'docx', 'xlsx', 'pptx', 'image', 'text', 'markdown', 'csv', 'json', 'archive', 'other'] as const;
export const evidenceFileType = z.enum(EVIDENCE_FILE_TYPES);
export type EvidenceFileType = z.infer<typeof evidenceFileType>;
export const EVIDENCE_FILE_TYPE_LABELS: Record<EvidenceFileType, string> = {
  pdf: 'PDF',
  docx: 'Word document',
  xlsx: 'Spreadsheet',
  pptx: 'Presentation',
  image: 'Image',
  text: 'Text',
  markdown: 'Markdown',
  csv: 'CSV',
  json: 'JSON',
  archive: 'Archive',
  other: 'Other',
};
/** File types whose text is extracted and searched. */
export const TEXT_EXTRACTED_FILE_TYPES: readonly EvidenceFileType[] = ['pdf', 'docx', 'text', 'markdown', 'csv', 'json'];
/** File types the browser previews (PDF in a frame, images inline). */
export const PREVIEWABLE_FILE_TYPES: readonly EvidenceFileType[] = ['pdf', 'image'];

/**
 * Where a version's text stands. `pending`: waiting for the extraction job. `extracted`: searchable.
 * `failed`: the file could not be read (malformed, encrypted, a zip bomb) — the reason is kept.
 * `unsupported`: a file type without text (images, archives…). `too_large`: over the extraction limit.
 */
export const TEXT_STATUSES = ['pending', 'extracted', 'failed', 'unsupported', 'too_large'] as const;
export const textStatus = z.enum(TEXT_STATUSES);
export type TextStatus = z.infer<typeof textStatus>;
export const TEXT_STATUS_LABELS: Record<TextStatus, string> = {
  pending: 'Reading text…',
  extracted: 'Text searchable',
  failed: 'Text could not be read',
  unsupported: 'No text to search',
  too_large: 'Too large to search',
};

/**
 * Validity by the expiry date: `none` (no expiry), `valid`, `expiring` (within EXPIRY_WARNING_DAYS),
 * `expired` (the daily job marked it; the controls it supports need attention).
 */
export const EXPIRY_STATES = ['none', 'valid', 'expiring', 'expired'] as const;
export const expiryState = z.enum(EXPIRY_STATES);
export type ExpiryState = z.infer<typeof expiryState>;
export const EXPIRY_STATE_LABELS: Record<ExpiryState, string> = { none: 'No expiry', valid: 'Valid', expiring: 'Expiring soon', expired: 'Expired' };
/** Owners are told this many days ahead, then again the day before. */
export const EXPIRY_WARNING_DAYS = 7;

/** Spec section 4: result icons (passed, failed, error) of an evidence's relevance score for a control. */
export const EVIDENCE_SCORE_RESULTS = ['passed', 'failed', 'error'] as const;
export const evidenceScoreResult = z.enum(EVIDENCE_SCORE_RESULTS);
export type EvidenceScoreResult = z.infer<typeof evidenceScoreResult>;
/** A relevance of at least this (0–1) passes. */
export const EVIDENCE_SCORE_PASS = 0.5;
/**
 * Evidence suggestions below this relevance (0–1) are never proposed. A file sharing a word or two with a
 * control scores about 0.1 (0.8 × coverage counted full at 60 % of its terms); 0.2 needs about 15 % of
 * its terms. The API filters by it, so every client agrees; the web says it where suggestions are shown.
 */
export const EVIDENCE_SUGGESTION_MIN_RELEVANCE = 0.2;

// ---------------------------------------------------------------------------------------------------
// Shapes

export const evidenceControlRef = z.object({
  id: uuid,
  control_code: z.string(),
  title: z.string(),
  status: workItemStatus,
  /** With organization evidence scoring on: how well the file answers the control (0–1), else null. */
  score: z.number().min(0).max(1).nullable(),
  score_result: evidenceScoreResult.nullable(),
  /** The passage the score rests on, or why it could not be scored. */
  score_reason: z.string().nullable(),
});
export type EvidenceControlRef = z.infer<typeof evidenceControlRef>;
export const evidenceRiskRef = z.object({ id: uuid, reference: z.string(), name: z.string(), status: workItemStatus });
export type EvidenceRiskRef = z.infer<typeof evidenceRiskRef>;

/** One version of the file: kept whole, with its hash, when a new one replaces it. */
export const evidenceVersion = z.object({
  id: uuid,
  /** 1 for the first upload, then 2, 3… */
  version: z.number().int().min(1),
  file_name: z.string(),
  size: z.number().int().min(1),
  content_type: z.string(),
  file_type: evidenceFileType,
  /** SHA-256 of the stored bytes, lower-case hex (64 characters). */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  text_status: textStatus,
  /** Why the text could not be read (text_status failed or too_large). */
  text_error: z.string().nullable(),
  uploaded_by: personRef.nullable(),
  uploaded_at: isoDateTime,
});
export type EvidenceVersion = z.infer<typeof evidenceVersion>;

/** One row of the evidence list: the evidence and its current version's file. */
export const evidenceListItem = z.object({
  id: uuid,
  name: z.string(),
  description: z.string(),
  status: workItemStatus,
  /** The current version's file. */
  file_name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  file_type: evidenceFileType,
  sha256: z.string(),
  /** The current version's number (the count of versions). */
  version: z.number().int(),
  text_status: textStatus,
  /** The start of the period the file proves (a pipeline's run date, a backfilled report's month), not the upload time. */
  effective_date: calendarDate,
  /** After this day the file no longer proves anything; null: it does not expire. */
  expires_on: calendarDate.nullable(),
  expiry_state: expiryState,
  controls: z.array(evidenceControlRef),
  risks: z.array(evidenceRiskRef),
  assignees: z.array(personRef),
  tags: z.array(tagRef),
  review_status: reviewStatus.nullable(),
  approval_forced: z.boolean(),
  /** When the name filter matched the file's text: the matching passage, the match between « and ». */
  snippet: z.string().nullable(),
  uploaded_by: personRef.nullable(),
  /** When the current version was uploaded. */
  uploaded_at: isoDateTime,
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type EvidenceListItem = z.infer<typeof evidenceListItem>;

export const evidenceDetail = evidenceListItem.extend({
  versions: z.array(evidenceVersion),
  /** Approved: nothing changes until someone reopens it. */
  locked: z.boolean(),
  /** Linked to an approved control: the file cannot be replaced or deleted until the control is reopened. */
  held_by_approved_controls: z.array(z.string()),
  allowed_transitions: z.array(workItemStatus),
  status_history: z.array(statusChange),
  reviewers: z.array(personRef),
  created_by: personRef.nullable(),
});
export type EvidenceDetail = z.infer<typeof evidenceDetail>;

// ---------------------------------------------------------------------------------------------------
// Queries and bodies

const commaList = <T extends z.ZodType<string, string>>(item: T, max: number) =>
  z
    .string()
    .max(4000)
    .transform((value) => value.split(',').map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(item).max(max));

export const EVIDENCE_SORTS = ['name', 'size', 'file_type', 'effective_date', 'expires_on', 'uploaded_at', 'updated_at', 'status'] as const;
export type EvidenceSort = (typeof EVIDENCE_SORTS)[number];

/**
 * Spec section 3's filters. `name` matches the name, the description and the extracted text (full-text,
 * with a snippet); `associated_controls` takes control codes, `associated_risks` risk ids or `R-<n>`
 * references; `start_date`/`end_date` bound the effective date (inclusive); `file_type` the types.
 */
export const listEvidenceQuery = pageQuery(EVIDENCE_SORTS).extend({
  name: z.string().trim().max(200).optional(),
  associated_controls: commaList(z.string().trim().min(1).max(100), 50).optional(),
  associated_risks: commaList(z.string().trim().min(1).max(100), 50).optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
  file_type: commaList(evidenceFileType, EVIDENCE_FILE_TYPES.length).optional(),
  status: commaList(workItemStatus, WORK_ITEM_STATUSES.length).optional(),
  expiry_state: commaList(expiryState, EXPIRY_STATES.length).optional(),
  is_assigned_to_me: booleanQuery.default(false),
  /** Only evidence linked to nothing. */
  unlinked: booleanQuery.optional(),
});
export type ListEvidenceQuery = z.infer<typeof listEvidenceQuery>;

/** The light list (pickers: "attach existing"). */
export const evidenceLight = z.object({ id: uuid, name: z.string(), file_name: z.string(), file_type: evidenceFileType, status: workItemStatus, size: z.number().int() });
export type EvidenceLight = z.infer<typeof evidenceLight>;
export const listEvidenceLightQuery = z.object({ name: z.string().trim().max(200).optional() });

/** GET …/evidence/files/types: the file types present in the project, with how many of each. */
export const evidenceFileTypeCount = z.object({ file_type: evidenceFileType, label: z.string(), count: z.number().int() });
export const evidenceFileTypes = z.object({ items: z.array(evidenceFileTypeCount) });
export type EvidenceFileTypes = z.infer<typeof evidenceFileTypes>;

const evidenceName = z
  .string()
  .trim()
  .min(1, 'Give the evidence a name')
  .max(300, 'must be at most 300 characters')
  .refine((v) => !/[\\/]/.test(v) && !/^\.+$/.test(v), 'must not contain / or \\ (it is a name, not a path)');
const evidenceDescription = z.string().max(10_000, 'must be at most 10,000 characters');

/**
 * The query of POST …/evidence (multipart part `file`). `name` defaults to the file's name;
 * `component_id` attaches it on upload to a control (its code) or a risk (its id or `R-<n>`) of the project.
 */
export const uploadEvidenceQuery = z.object({
  name: evidenceName.optional(),
  description: evidenceDescription.default(''),
  component_id: z.string().trim().min(1).max(100).optional(),
  effective_date: calendarDate.optional(),
  expires_on: calendarDate.optional(),
});
export type UploadEvidenceQuery = z.infer<typeof uploadEvidenceQuery>;

/** POST …/evidence/{id}/versions: a new file for the evidence; the old ones stay with their hashes. */
export const uploadEvidenceVersionQuery = z.object({ effective_date: calendarDate.optional(), expires_on: calendarDate.optional() });

/** PATCH …/evidence/{id}: content, validity, links (replacing the whole list given), status, tags. */
export const updateEvidence = z
  .strictObject({
    name: evidenceName,
    description: evidenceDescription,
    effective_date: calendarDate,
    expires_on: calendarDate.nullable(),
    /** Control ids of the project: the full list of linked controls. */
    control_ids: z.array(uuid).max(500).refine((ids) => new Set(ids).size === ids.length, 'Give each control once'),
    /** Risk ids of the project: the full list of linked risks. */
    risk_ids: z.array(uuid).max(500).refine((ids) => new Set(ids).size === ids.length, 'Give each risk once'),
    tags: z.array(uuid).max(20).refine((ids) => new Set(ids).size === ids.length, 'Give each tag once'),
    status: workItemStatus,
    /** Why: required when moving to out_of_scope and when reopening an approved evidence. */
    justification: z.string().trim().max(2000),
  })
  .partial()
  .refine((v) => Object.keys(v).some((k) => k !== 'justification'), 'Send at least one field to change');
export type UpdateEvidence = z.infer<typeof updateEvidence>;

export const evidenceIdParams = z.object({ project_id: uuid, evidence_id: uuid });
export const evidenceVersionParams = evidenceIdParams.extend({ version: z.coerce.number().int().min(1) });
/** GET …/download: `version` (default the current one); `inline=true` previews PDFs and images in the browser. */
export const downloadEvidenceQuery = z.object({ version: z.coerce.number().int().min(1).optional(), inline: booleanQuery.default(false) });

/** Attaching existing evidence from a control's or a risk's page: PUT/DELETE …/controls/{code}/evidence/{evidence_id}. */
export const controlEvidenceParams = z.object({ project_id: uuid, control_code: z.string().min(1).max(100), evidence_id: uuid });
export const riskEvidenceParams = z.object({ project_id: uuid, risk_id: uuid, evidence_id: uuid });

// ---------------------------------------------------------------------------------------------------
// Suggestions (GOVERNANCE-MODEL.md section 8: proposals a person accepts or dismisses)

export const SUGGESTION_STATUSES = ['proposed', 'accepted', 'dismissed'] as const;
export const suggestionStatus = z.enum(SUGGESTION_STATUSES);
export type SuggestionStatus = z.infer<typeof suggestionStatus>;
/** How the proposal was ranked: PostgreSQL full-text ranking alone, or reranked by the configured model. */
export const SUGGESTION_SOURCES = ['full_text', 'model'] as const;

export const evidenceSuggestion = z.object({
  id: uuid,
  control_id: uuid,
  control_code: z.string(),
  evidence: evidenceLight,
  /** Relevance, 0–1 (higher is better). */
  relevance: z.number().min(0).max(1),
  /** Why: the matched passage (the match between « and »), or the model's explanation. */
  reason: z.string(),
  source: z.enum(SUGGESTION_SOURCES),
  status: suggestionStatus,
  decided_by: personRef.nullable(),
  decided_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type EvidenceSuggestion = z.infer<typeof evidenceSuggestion>;
export const evidenceSuggestionList = z.object({
  items: z.array(evidenceSuggestion),
  /** When suggestions were last computed for the control, or null when never. */
  ran_at: isoDateTime.nullable(),
  /** Whether a model reranked them (AI_BASE_URL set and answering). */
  model_used: z.boolean(),
});
export type EvidenceSuggestionList = z.infer<typeof evidenceSuggestionList>;
export const controlSuggestionParams = z.object({ project_id: uuid, control_code: z.string().min(1).max(100) });
export const suggestionParams = z.object({ project_id: uuid, suggestion_id: uuid });
/** Dismissing may say why (kept in the log). */
export const decideSuggestion = z.strictObject({ reason: z.string().trim().max(2000).optional() });

/** The evidence linked to one control or one risk (its page's section). */
export const linkedEvidenceList = z.object({ items: z.array(evidenceListItem) });
export type LinkedEvidenceList = z.infer<typeof linkedEvidenceList>;
