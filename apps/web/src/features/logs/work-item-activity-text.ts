import { ASSESSMENT_RESULT_LABELS, WORK_ITEM_STATUS_LABELS, type ActivityEntry, type AssessmentResult, type WorkItemStatus } from '@aegis/contracts';
import { formatDate } from '../../lib/format';
import { count, isObject, joined, stringsOf as idsOf } from './activity-values';
import { describeReviewAction } from './review-activity-text';
import { describeGovernanceAction } from './governance-activity-text';

const isStatus = (value: unknown): value is WorkItemStatus => typeof value === 'string' && value in WORK_ITEM_STATUS_LABELS;

function statusChange(entry: ActivityEntry, noun: string): string | undefined {
  const from = isObject(entry.before) ? entry.before.status : undefined;
  const to = isObject(entry.after) ? entry.after.status : undefined;
  if (!isStatus(to)) return undefined;
  const justification = isObject(entry.after) && typeof entry.after.justification === 'string' ? entry.after.justification.trim() : '';
  // The reason of a reopening is part of the record (issue 17, item 5); a forced approval says so (item 6).
  if (from === 'approved' && to === 'in_progress') return `reopened ${noun}${justification ? `: “${justification}”` : ''}`;
  if (to === 'approved' && isObject(entry.after) && entry.after.via === 'forced') return `set ${noun} to Approved by force, without a review${justification ? `: “${justification}”` : ''}`;
  if (to === 'out_of_scope') return `marked ${noun} out of scope${justification ? `: “${justification}”` : ''}`;
  if (!isStatus(from)) return `set ${noun} to ${WORK_ITEM_STATUS_LABELS[to]}`;
  return `moved ${noun} from ${WORK_ITEM_STATUS_LABELS[from]} to ${WORK_ITEM_STATUS_LABELS[to]}`;
}

/** A field's value as a sentence shows it: dates as the app writes them, text quoted and cut short. */
function shown(value: unknown): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (typeof value === 'string') return `“${value.length > 60 ? `${value.slice(0, 59)}…` : value}”`;
  return String(value);
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** One field's change, from what to what; long text (the notes) only says it changed. */
type FieldChange = { what: string; from?: string; to?: string; textOnly?: boolean };

function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [key, now] of Object.entries(after)) {
    const was = before[key];
    // The label names the item; values that are not plain (lists, objects) have sentences of their own.
    if (key === 'label' || !isScalar(now) || !isScalar(was ?? null) || now === was || (isEmpty(now) && isEmpty(was))) continue;
    const what = `the ${key.replace(/_/g, ' ')}`;
    if (key === 'notes') changes.push({ what, textOnly: true });
    else changes.push({ what, from: isEmpty(was) ? undefined : shown(was), to: isEmpty(now) ? undefined : shown(now) });
  }
  return changes;
}

/** "changed the due date of control X from 31-01-2027 to 28-02-2027"; several: "changed control X: the title from … and the notes". */
function fieldsChanged(entry: ActivityEntry, noun: string): string | undefined {
  if (!isObject(entry.before) || !isObject(entry.after)) return undefined;
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0) return undefined;
  if (changes.length === 1) {
    const [{ what, from, to, textOnly }] = changes as [FieldChange];
    if (textOnly) return `changed ${what} of ${noun}`;
    if (from && to) return `changed ${what} of ${noun} from ${from} to ${to}`;
    return to ? `set ${what} of ${noun} to ${to}` : `removed ${what} of ${noun}`;
  }
  const parts = changes.map(({ what, from, to, textOnly }) => (textOnly ? what : from && to ? `${what} from ${from} to ${to}` : to ? `${what} to ${to}` : `${what} (removed)`));
  return `changed ${noun}: ${joined(parts)}`;
}

function peopleChanged(entry: ActivityEntry, noun: string): string {
  const change = (key: string) => {
    const before = idsOf(entry.before, key);
    const after = idsOf(entry.after, key);
    // Entries name the people on each side (assignee_names, reviewer_names, in the order of the ids).
    const namesOf = (ids: string[], side: unknown, picked: string[]) => {
      const names = idsOf(side, `${key.slice(0, -1)}_names`);
      const found = picked.map((id) => names[ids.indexOf(id)]).filter((name): name is string => Boolean(name));
      return found.length === picked.length ? found : [];
    };
    const added = after.filter((id) => !before.includes(id));
    const removed = before.filter((id) => !after.includes(id));
    return { added: added.length, addedNames: namesOf(after, entry.after, added), removed: removed.length, removedNames: namesOf(before, entry.before, removed) };
  };
  const assignees = change('assignees');
  const reviewers = change('reviewers');
  const parts = [
    assignees.added && (assignees.addedNames.length ? `assigned ${joined(assignees.addedNames)}` : `assigned ${count(assignees.added, 'person', 'people')}`),
    assignees.removed && (assignees.removedNames.length ? `unassigned ${joined(assignees.removedNames)}` : `unassigned ${count(assignees.removed, 'person', 'people')}`),
    reviewers.added && (reviewers.addedNames.length ? `named ${joined(reviewers.addedNames)} ${reviewers.added === 1 ? 'reviewer' : 'reviewers'}` : `named ${count(reviewers.added, 'reviewer', 'reviewers')}`),
    reviewers.removed &&
      (reviewers.removedNames.length ? `removed ${joined(reviewers.removedNames)} as ${reviewers.removed === 1 ? 'reviewer' : 'reviewers'}` : `removed ${count(reviewers.removed, 'reviewer', 'reviewers')}`),
  ].filter((part): part is string => Boolean(part));
  return parts.length ? `${joined(parts)} on ${noun}` : `changed the people on ${noun}`;
}

/** "tagged control X Privacy and removed the tag Fairness", when the entry names the tags. */
function tagsChanged(entry: ActivityEntry, noun: string): string {
  const before = idsOf(entry.before, 'tags');
  const after = idsOf(entry.after, 'tags');
  const beforeNames = idsOf(entry.before, 'tag_names');
  const afterNames = idsOf(entry.after, 'tag_names');
  if (beforeNames.length !== before.length || afterNames.length !== after.length) return `changed the tags of ${noun}`;
  const added = after.filter((id) => !before.includes(id)).map((id) => afterNames[after.indexOf(id)]!);
  const removed = before.filter((id) => !after.includes(id)).map((id) => beforeNames[before.indexOf(id)]!);
  if (added.some((name) => !name) || removed.some((name) => !name) || added.length + removed.length === 0) return `changed the tags of ${noun}`;
  const removal = `the ${removed.length === 1 ? 'tag' : 'tags'} ${joined(removed)}`;
  if (added.length === 0) return `removed ${removal} from ${noun}`;
  return `tagged ${noun} ${joined(added)}${removed.length ? ` and removed ${removal}` : ''}`;
}

function assessed(entry: ActivityEntry, noun: string): string {
  const result = isObject(entry.after) ? entry.after.result : undefined;
  return typeof result === 'string' && result in ASSESSMENT_RESULT_LABELS ? `assessed ${noun} as ${ASSESSMENT_RESULT_LABELS[result as AssessmentResult]}` : `assessed ${noun}`;
}

/**
 * What happened to a work item (a control now; risks and asset cards share the life cycle), after
 * the actor's name; undefined when the entry is not one of these or lacks what the sentence needs.
 */
export function describeWorkItemAction(entry: ActivityEntry, genericNoun: string): string | undefined {
  // Entries carry the item's label (e.g. "MFF-1.RSK.01 Risk management process"): name it where known.
  const label = isObject(entry.after) && typeof entry.after.label === 'string' ? entry.after.label : undefined;
  const noun = label ? `${genericNoun.replace(/^(a|an) /, '')} ${label}` : genericNoun;
  switch (entry.action) {
    case 'status_changed':
      return statusChange(entry, noun);
    case 'updated':
      return entry.object_type === 'project' ? undefined : (describeGovernanceAction(entry, noun) ?? fieldsChanged(entry, noun));
    case 'assignees_changed':
      return peopleChanged(entry, noun);
    case 'tags_changed':
      return tagsChanged(entry, noun);
    case 'assessed':
      return assessed(entry, noun);
  }
  return describeGovernanceAction(entry, noun) ?? describeReviewAction(entry, noun);
}
