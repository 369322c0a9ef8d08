import { z } from 'zod';
import { CALENDAR_DATE_MESSAGES } from './calendar-date-messages';

/**
 * The one life cycle of work items — controls, risks, asset cards (GOVERNANCE-MODEL.md section 3).
 * `in_review` and `approved` are reached only through reviews; `approved` locks the item.
 */
export const WORK_ITEM_STATUSES = ['ready', 'in_progress', 'in_review', 'approved', 'out_of_scope'] as const;
export const workItemStatus = z.enum(WORK_ITEM_STATUSES);
export type WorkItemStatus = z.infer<typeof workItemStatus>;

export const WORK_ITEM_STATUS_LABELS: Record<WorkItemStatus, string> = {
  ready: 'Ready',
  in_progress: 'In progress',
  in_review: 'In review',
  approved: 'Approved',
  out_of_scope: 'Out of scope',
};

/** Statuses only a review reaches (GOVERNANCE-MODEL.md section 4): a plain update refuses them. */
export const REVIEW_ONLY_STATUSES: readonly WorkItemStatus[] = ['in_review', 'approved'];

/**
 * The changes a person may make by hand, from each status. `approved → in_progress` is reopening a
 * locked item; `in_review` changes only through its review (decide or cancel).
 */
export const MANUAL_TRANSITIONS: Readonly<Record<WorkItemStatus, readonly WorkItemStatus[]>> = {
  ready: ['in_progress', 'out_of_scope'],
  in_progress: ['ready', 'out_of_scope'],
  in_review: [],
  approved: ['in_progress'],
  out_of_scope: ['ready', 'in_progress'],
};

/** Moving to `out_of_scope` by hand needs a written reason. */
export const JUSTIFIED_STATUSES: readonly WorkItemStatus[] = ['out_of_scope'];

/** A person as lists show them. */
export const personRef = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type PersonRef = z.infer<typeof personRef>;

/** A requirement's status, derived from its applicable controls. */
export const REQUIREMENT_STATUSES = ['ready', 'in_progress', 'completed', 'out_of_scope'] as const;
export const requirementStatus = z.enum(REQUIREMENT_STATUSES);
export type RequirementStatus = z.infer<typeof requirementStatus>;

export const REQUIREMENT_STATUS_LABELS: Record<RequirementStatus, string> = {
  ready: 'Ready',
  in_progress: 'In progress',
  completed: 'Completed',
  out_of_scope: 'Out of scope',
};

/**
 * A calendar day, as due dates are kept: YYYY-MM-DD, years 0001 to 9999 (PostgreSQL's date has no year 0:
 * `0000-01-01` would pass the format and fail the query). The one date type of every route.
 */
export const calendarDate = z.iso
  .date({ error: CALENDAR_DATE_MESSAGES.format })
  .refine((day) => !day.startsWith('0000-'), { error: CALENDAR_DATE_MESSAGES.range });

/** What awaits the signed-in user in one project: for the home dashboard's "my work" card. */
export const myWorkItem = z.object({
  project_id: z.uuid(),
  project_name: z.string(),
  /** Open controls (not approved, not out of scope) assigned to them. */
  controls_assigned: z.number().int(),
  /** Controls they are named to review. */
  controls_to_review: z.number().int(),
  /** Of the controls assigned to them, those an automated signal flagged. */
  needs_attention: z.number().int(),
});
export type MyWorkItem = z.infer<typeof myWorkItem>;
