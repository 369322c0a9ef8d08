import { z } from 'zod';
import { booleanQuery, isoDateTime, pageQuery, uuid } from './common';
import { LIFECYCLE_PHASES, templateControlCode } from './framework-template';
import { mappingRelationship } from './frameworks';
import { reviewStatus } from './reviews';
import { calendarDate, personRef, workItemStatus, WORK_ITEM_STATUSES } from './work-items';

/** A tag as shown on a work item. */
export const tagRef = z.object({ tag_id: uuid, name: z.string(), color: z.string() });

/** A comma-separated list in a query (`?status=ready,in_progress`), each value checked. */
const commaList = <T extends z.ZodType<string, string>>(item: T, max: number) =>
  z
    .string()
    .max(4000)
    .transform((value) => value.split(',').map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(item).max(max));

/** A project's control: one per control definition, whatever number of frameworks it serves. */
export const controlListItem = z.object({
  id: uuid,
  control_code: z.string(),
  title: z.string(),
  domain: z.string().nullable(),
  status: workItemStatus,
  /** Set by automated signals (a failing test, expired evidence); never changes the status by itself. */
  needs_attention: z.boolean(),
  needs_attention_reason: z.string().nullable(),
  /** Why it is out of scope: a person's justification, or what applicability says ("Not applicable: every requirement it serves is out of scope (…)"). */
  out_of_scope_justification: z.string().nullable(),
  due_date: z.string().nullable(),
  assignees: z.array(personRef),
  reviewers: z.array(personRef),
  tags: z.array(tagRef),
  /** Codes of the applied frameworks whose requirements it satisfies. */
  frameworks: z.array(z.string()),
  requirement_count: z.number().int(),
  /** The status of its latest review (in_review while one is pending), or null when never reviewed. */
  review_status: reviewStatus.nullable(),
  /** Approved by force (reviews:force_update_status, without a reviewer): lists mark it. False unless approved. */
  approval_forced: z.boolean(),
  /** A test linked to it failed its latest run (issue 32): flagged on lists, never a status change by itself. */
  test_failing: z.boolean(),
  updated_at: isoDateTime,
});
export type ControlListItem = z.infer<typeof controlListItem>;

export const CONTROL_SORTS = ['control_code', 'title', 'status', 'due_date', 'updated_at'] as const;
export const listControlsQuery = pageQuery(CONTROL_SORTS).extend({
  name: z.string().trim().max(200).optional(),
  /** A framework code of the project. */
  framework: z.string().trim().max(40).optional(),
  /** A requirement's id (as the requirements list returns it). */
  requirement: uuid.optional(),
  /** One or more statuses, comma-separated. */
  status: commaList(workItemStatus, WORK_ITEM_STATUSES.length).optional(),
  /** Tag ids, comma-separated: controls carrying any of them. */
  tags: commaList(uuid, 20).optional(),
  is_assigned_to_me: booleanQuery.default(false),
  is_assigned_to_me_for_review: booleanQuery.default(false),
  needs_attention: booleanQuery.optional(),
});
export type ListControlsQuery = z.infer<typeof listControlsQuery>;

/** The light list, for pickers. */
export const controlLight = z.object({ id: uuid, control_code: z.string(), title: z.string(), status: workItemStatus });
export type ControlLight = z.infer<typeof controlLight>;
export const listLightControlsQuery = pageQuery(['control_code', 'title']).extend({
  name: z.string().trim().max(200).optional(),
  status: commaList(workItemStatus, WORK_ITEM_STATUSES.length).optional(),
});

/** A requirement of an applied framework that the control satisfies, with how well. */
export const satisfiedRequirement = z.object({
  framework_code: z.string(),
  framework_name: z.string(),
  requirement_id: uuid,
  requirement_code: z.string(),
  requirement_title: z.string(),
  relationship: mappingRelationship,
  source: z.string(),
  rationale: z.string().nullable(),
  applicable: z.boolean(),
});
export type SatisfiedRequirement = z.infer<typeof satisfiedRequirement>;

export const statusChange = z.object({
  from: workItemStatus.nullable(),
  to: workItemStatus,
  at: isoDateTime,
  by: personRef.nullable(),
  justification: z.string().nullable(),
  /** Approved by force (reviews:force_update_status, no reviewer): the justification says why. */
  forced: z.boolean(),
});
export type StatusChange = z.infer<typeof statusChange>;

export const ASSESSMENT_RESULTS = ['met', 'partially_met', 'not_met'] as const;
export const assessmentResult = z.enum(ASSESSMENT_RESULTS);
export type AssessmentResult = z.infer<typeof assessmentResult>;
export const ASSESSMENT_RESULT_LABELS: Record<(typeof ASSESSMENT_RESULTS)[number], string> = { met: 'Met', partially_met: 'Partially met', not_met: 'Not met' };

export const controlAssessment = z.object({
  id: uuid,
  result: assessmentResult,
  rationale: z.string(),
  assessed_by: personRef.nullable(),
  created_at: isoDateTime,
});
export type ControlAssessment = z.infer<typeof controlAssessment>;
export const createControlAssessment = z.strictObject({
  result: assessmentResult,
  rationale: z.string().trim().min(1, 'Say why: the rationale is what an auditor reads').max(5000),
});
export type CreateControlAssessment = z.infer<typeof createControlAssessment>;

export const controlDetail = controlListItem.extend({
  objective: z.string().nullable(),
  guidance: z.string().nullable(),
  evidence_examples: z.array(z.string()),
  lifecycle_phase: z.array(z.enum(LIFECYCLE_PHASES)),
  defined_by: z.string(),
  notes: z.string(),
  /** Approved: nothing changes until someone reopens it. */
  locked: z.boolean(),
  /** The statuses the caller may move it to by hand now. */
  allowed_transitions: z.array(workItemStatus),
  satisfies: z.array(satisfiedRequirement),
  status_history: z.array(statusChange),
  latest_assessment: controlAssessment.nullable(),
});
export type ControlDetail = z.infer<typeof controlDetail>;

export const controlCodeParams = z.object({ project_id: uuid, control_code: templateControlCode });

export const updateControl = z
  .strictObject({
    status: workItemStatus,
    notes: z.string().max(10_000),
    due_date: calendarDate.nullable(),
    tags: z.array(uuid).max(20).refine((ids) => new Set(ids).size === ids.length, 'Give each tag once'),
    /** Why: required when moving to out_of_scope and when reopening an approved control. */
    justification: z.string().trim().max(2000),
  })
  .partial()
  .refine((v) => Object.keys(v).some((k) => k !== 'justification'), 'Send status, notes, due_date or tags');
export type UpdateControl = z.infer<typeof updateControl>;

/**
 * What a change of a control answers (PATCH …/controls/{code}): the fields such a change can move, read
 * after its commit — not the whole detail. `status_change` is the status history entry the change wrote
 * (null when the status stayed as it was): screens put it at the head of the history they show.
 */
export const controlChange = controlListItem
  .pick({ id: true, control_code: true, status: true, due_date: true, tags: true, review_status: true, approval_forced: true, updated_at: true })
  .extend({
    notes: z.string(),
    out_of_scope_justification: z.string().nullable(),
    locked: z.boolean(),
    allowed_transitions: z.array(workItemStatus),
    status_change: statusChange.nullable(),
  });
export type ControlChange = z.infer<typeof controlChange>;

const people = z.array(uuid).max(50).refine((ids) => new Set(ids).size === ids.length, 'Name each person once');
export const updateControlAssignees = z.strictObject({ assignees: people, reviewers: people });
export type UpdateControlAssignees = z.infer<typeof updateControlAssignees>;

/**
 * One change to many controls at once. Each control takes all of it or none of it: those the lock rule
 * or the life cycle refuses are reported with why, the others change.
 */
export const bulkUpdateControls = z
  .strictObject({
    control_codes: z.array(templateControlCode).min(1, 'Select at least one control').max(250),
    status: workItemStatus.optional(),
    justification: z.string().trim().max(2000).optional(),
    /** People to add as assignees (those already assigned stay). */
    add_assignees: people.optional(),
  })
  .refine((v) => v.status !== undefined || (v.add_assignees?.length ?? 0) > 0, 'Send a status or people to assign');
export type BulkUpdateControls = z.infer<typeof bulkUpdateControls>;
export const bulkRefusal = z.object({ id: uuid, control_code: z.string(), code: z.string(), detail: z.string() });
export type BulkRefusal = z.infer<typeof bulkRefusal>;
/** The ids of the controls changed, and each control refused with its reason. */
export const bulkControlsResult = z.object({ updated: z.array(uuid), refused: z.array(bulkRefusal) });
export type BulkControlsResult = z.infer<typeof bulkControlsResult>;

/** A control with the evidence linked to it (empty until the evidence feature). */
export const controlWithEvidences = controlLight.extend({ evidences: z.array(z.object({ id: uuid, name: z.string() })) });
export const listControlsWithEvidencesQuery = z.object({ name: z.string().trim().max(200).optional() });
