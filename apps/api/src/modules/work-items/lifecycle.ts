import {
  JUSTIFIED_STATUSES,
  MANUAL_TRANSITIONS,
  REVIEW_ONLY_STATUSES,
  WORK_ITEM_STATUS_LABELS,
  type WorkItemStatus,
} from '@aegis/contracts';
import { AppError, unprocessable } from '../../lib/errors';

const label = (status: WorkItemStatus) => WORK_ITEM_STATUS_LABELS[status];

/** Approved work items are locked: their fields, evidence and tests stay as approved until reopened (lock-rule.ts decides each change). */
export const isLocked = (status: WorkItemStatus) => status === 'approved';

/**
 * The one life cycle of work items (GOVERNANCE-MODEL.md section 3), for changes a person makes by
 * hand. Refuses, with a detail that names both statuses, what the table does not allow; what only a
 * review may do (`in_review`, `approved`) says so; moving into `out_of_scope` by hand needs a reason.
 */
export function assertManualTransition(from: WorkItemStatus, to: WorkItemStatus, justification?: string) {
  if (from === to) return;
  if (REVIEW_ONLY_STATUSES.includes(to)) {
    throw new AppError(409, `${label(to)} is reached only through a review: request a review instead`, 'review_required');
  }
  if (from === 'in_review') {
    throw new AppError(409, 'A review is pending: it must be decided or cancelled before the status changes', 'review_pending');
  }
  if (!MANUAL_TRANSITIONS[from].includes(to)) {
    throw new AppError(409, `The status cannot go from ${label(from)} to ${label(to)}`, 'transition_not_allowed');
  }
  if (JUSTIFIED_STATUSES.includes(to) && !justification?.trim()) {
    throw unprocessable(`justification: say why it is ${label(to).toLowerCase()}; the reason is kept in the log`);
  }
}

/** The statuses a person may move an item to by hand from its current one. */
export const manualTransitionsFrom = (from: WorkItemStatus): WorkItemStatus[] => [...MANUAL_TRANSITIONS[from]];

/**
 * The transitions a review makes (reviews feature): requesting moves the item to in_review (a forced
 * request reopens an approved one first), approving locks it, rejecting sends it back to work, and
 * cancelling restores the status it had before.
 */
export const REVIEW_TRANSITIONS = {
  canRequestFrom: (from: WorkItemStatus) => from === 'ready' || from === 'in_progress' || from === 'out_of_scope',
  request: 'in_review' as WorkItemStatus,
  approve: 'approved' as WorkItemStatus,
  reject: 'in_progress' as WorkItemStatus,
};
