import type { ActivityEntry } from '@aegis/contracts';
import { count, isObject, joined, quoted, stringsOf, textOf } from './activity-values';

/** "Rita Reviewer", "Rita Reviewer and Adam Auditor", or "2 reviewers" when the entry has no names. */
function reviewersOf(entry: ActivityEntry): string {
  const ids = stringsOf(entry.after, 'reviewers');
  const names = stringsOf(entry.after, 'reviewer_names');
  if (names.length > 0 && names.length === ids.length) return joined(names);
  return count(ids.length, 'reviewer', 'reviewers');
}

function requested(entry: ActivityEntry, noun: string): string {
  const all = isObject(entry.after) && entry.after.rule === 'all' && stringsOf(entry.after, 'reviewers').length > 1;
  const forced = isObject(entry.after) && entry.after.forced === true;
  const sentence = `asked ${reviewersOf(entry)} to review ${noun}${all ? ' (each must approve)' : ''}`;
  return forced ? `${sentence}, forcing the status${quoted(textOf(entry.after, 'justification'))}` : sentence;
}

function decided(entry: ActivityEntry, noun: string): string | undefined {
  const decision = isObject(entry.after) ? entry.after.decision : undefined;
  const comment = quoted(textOf(entry.after, 'comment'));
  if (decision === 'rejected') return `rejected ${noun}${comment}`;
  if (decision !== 'approved') return undefined;
  // Under the rule "all", one approval leaves the review pending until every reviewer approves.
  const pending = isObject(entry.after) && 'outcome' in entry.after && entry.after.outcome === null;
  return `approved ${noun}${comment}${pending ? ' (other reviewers still to decide)' : ''}`;
}

const LEFT_BECAUSE: Record<string, string> = {
  deactivated: 'deactivated in the organization',
  left_project: 'left the project',
  lost_review_right: 'may no longer decide reviews',
};

/** A review recounted after its reviewers changed (issue 17): who went, why, and what it settled. */
function recounted(entry: ActivityEntry, noun: string): string {
  const names = stringsOf(entry.after, 'removed_reviewer_names');
  const who = names.length > 0 ? joined(names) : count(stringsOf(entry.after, 'removed_reviewers').length, 'reviewer', 'reviewers');
  const why = LEFT_BECAUSE[textOf(entry.after, 'reason')];
  const outcome = isObject(entry.after) ? entry.after.outcome : null;
  const stale = isObject(entry.after) && entry.after.stale === true;
  const settled =
    outcome === 'approved'
      ? 'everyone remaining had approved, so it was approved'
      : outcome === 'cancelled'
        ? stale
          ? 'the approvals given did not cover its changes, so the review was cancelled'
          : 'nobody remained to decide, so the review was cancelled'
        : '';
  return `took ${who} off the review of ${noun}${why ? `: ${why}` : ''}${settled ? `; ${settled}` : ''}`;
}

/** A cancellation by hand, or because the object left the project with its framework. */
function cancelled(entry: ActivityEntry, noun: string): string {
  const framework = textOf(entry.after, 'framework_name') || textOf(entry.after, 'framework_code');
  const removed = textOf(entry.after, 'reason') === 'framework_removed' && framework;
  return `cancelled the review of ${noun}${removed ? `: ${framework} was removed from the project` : ''}`;
}

/** What a review did to a work item, after the actor's name; undefined when the entry is not a review's. */
export function describeReviewAction(entry: ActivityEntry, noun: string): string | undefined {
  switch (entry.action) {
    case 'review_requested':
      return requested(entry, noun);
    case 'review_updated':
      return `changed the reviewers of ${noun} to ${reviewersOf(entry)}`;
    case 'review_decided':
      return decided(entry, noun);
    case 'review_cancelled':
      return cancelled(entry, noun);
    case 'review_recounted':
      return recounted(entry, noun);
    case 'review_forced':
      return `set ${noun} to Approved without a review${quoted(textOf(entry.after, 'justification'))}`;
  }
  return undefined;
}
