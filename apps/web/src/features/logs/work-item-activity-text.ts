import { ASSESSMENT_RESULT_LABELS, WORK_ITEM_STATUS_LABELS, type ActivityEntry, type AssessmentResult, type WorkItemStatus } from '@aegis/contracts';
import { formatDate } from '../../lib/format';
import { count, isObject, joined, stringsOf as idsOf } from './activity-values';
import { describeReviewAction } from './review-activity-text';

const isStatus = (value: unknown): value is WorkItemStatus => typeof value === 'string' && value in WORK_ITEM_STATUS_LABELS;

function statusChange(entry: ActivityEntry, noun: string): string | undefined {
  const from = isObject(entry.before) ? entry.before.status : undefined;
  const to = isObject(entry.after) ? entry.after.status : undefined;
  if (!isStatus(to)) return undefined;
  const justification = isObject(entry.after) && typeof entry.after.justification === 'string' ? entry.after.justification.trim() : '';
  if (from === 'approved' && to === 'in_progress') return `reopened ${noun}`;
  if (to === 'out_of_scope') return `marked ${noun} out of scope${justification ? `: “${justification}”` : ''}`;
  if (!isStatus(from)) return `set ${noun} to ${WORK_ITEM_STATUS_LABELS[to]}`;
  return `moved ${noun} from ${WORK_ITEM_STATUS_LABELS[from]} to ${WORK_ITEM_STATUS_LABELS[to]}`;
}

function fieldsChanged(entry: ActivityEntry, noun: string): string | undefined {
  if (!isObject(entry.before) || !isObject(entry.after)) return undefined;
  const { before, after } = entry;
  const changes: string[] = [];
  if ('due_date' in after && after.due_date !== before.due_date) {
    changes.push(typeof after.due_date === 'string' && after.due_date ? `set the due date to ${formatDate(after.due_date)}` : 'removed the due date');
  }
  if ('notes' in after && after.notes !== before.notes) changes.push('changed the notes');
  return changes.length ? `${joined(changes)} of ${noun}` : undefined;
}

function peopleChanged(entry: ActivityEntry, noun: string): string {
  const change = (key: string) => {
    const before = idsOf(entry.before, key);
    const after = idsOf(entry.after, key);
    // Entries name the people they set (assignee_names, reviewer_names, in the order of the ids).
    const names = idsOf(entry.after, `${key.slice(0, -1)}_names`);
    const added = after.filter((id) => !before.includes(id));
    const addedNames = added.map((id) => names[after.indexOf(id)]).filter((name): name is string => Boolean(name));
    return { added: added.length, addedNames: addedNames.length === added.length ? addedNames : [], removed: before.filter((id) => !after.includes(id)).length };
  };
  const assignees = change('assignees');
  const reviewers = change('reviewers');
  const parts = [
    assignees.added && (assignees.addedNames.length ? `assigned ${joined(assignees.addedNames)}` : `assigned ${count(assignees.added, 'person', 'people')}`),
    assignees.removed && `unassigned ${count(assignees.removed, 'person', 'people')}`,
    reviewers.added && (reviewers.addedNames.length ? `named ${joined(reviewers.addedNames)} ${reviewers.added === 1 ? 'reviewer' : 'reviewers'}` : `named ${count(reviewers.added, 'reviewer', 'reviewers')}`),
    reviewers.removed && `removed ${count(reviewers.removed, 'reviewer', 'reviewers')}`,
  ].filter((part): part is string => Boolean(part));
  return parts.length ? `${joined(parts)} on ${noun}` : `changed the people on ${noun}`;
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
      return entry.object_type === 'project' ? undefined : fieldsChanged(entry, noun);
    case 'assignees_changed':
      return peopleChanged(entry, noun);
    case 'tags_changed':
      return `changed the tags of ${noun}`;
    case 'assessed':
      return assessed(entry, noun);
  }
  return describeReviewAction(entry, noun);
}
