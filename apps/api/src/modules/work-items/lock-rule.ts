import { WORK_ITEM_STATUS_LABELS, type WorkItemStatus } from '@aegis/contracts';
import { AppError, forbidden } from '../../lib/errors';
import { isLocked } from './lifecycle';

/**
 * What a write changes on a work item. Every write path of every work-item feature — controls now;
 * risks, evidence links, tests and asset cards as they come — names its change here and asks the lock
 * rule before writing, on the single and the bulk paths alike (GOVERNANCE-MODEL.md section 3).
 */
export type WorkItemChange =
  /** A status change by hand. `reopen` is set only by the path that reopens with a reason. */
  | { kind: 'status'; to: WorkItemStatus; reopen?: boolean }
  /** The item's own fields (notes, due date, tags, treatment…). */
  | { kind: 'content'; fields: readonly string[] }
  /** A new assessment of it. */
  | { kind: 'assessment' }
  /** A link to another object: evidence, a risk, a test, a control. */
  | { kind: 'link'; target: string }
  /** Leaving the project with what brought it (a framework removed detaches the controls only it maps to). */
  | { kind: 'detach'; with: string }
  /** Who works on it or reviews it: never locked. */
  | { kind: 'people' };

/** An approved item that holds this one (a control holding evidence): what it holds is what it was approved on. */
export type Holder = { concept: string; code: string };

/**
 * The item as the rule needs it: its status, what to call it in a refusal, and the approved items that
 * hold it, if any (an evidence linked to approved controls).
 */
export type Lockable = { status: WorkItemStatus; concept: string; heldBy?: readonly Holder[] };

export type LockRefusal = { code: 'locked' | `held_by_approved_${string}`; detail: string };

function what(change: WorkItemChange): string {
  switch (change.kind) {
    case 'status':
      return change.to === 'in_progress' ? 'it is reopened one at a time, with a reason' : `its status cannot go to ${WORK_ITEM_STATUS_LABELS[change.to]}`;
    case 'content':
      return `its ${change.fields.join(', ').replace(/_/g, ' ')} cannot change`;
    case 'assessment':
      return 'a new assessment would change what was approved';
    case 'link':
      return `a link to ${change.target} would change what was approved`;
    case 'detach':
      return `it cannot leave the project with ${change.with}`;
    case 'people':
      return '';
  }
}

/**
 * Why the change is refused, or null when it may go ahead. Approved items take only people changes and
 * reopening. An item approved items hold (evidence linked to an approved control) keeps every field they
 * were approved on — its content — until they are reopened; its people, status and links to other items
 * may change (a link changes the other end too, which asks this rule for itself).
 */
export function lockRefusal(item: Lockable, change: WorkItemChange): LockRefusal | null {
  if (change.kind === 'people') return null;
  if (isLocked(item.status)) {
    if (change.kind === 'status' && change.reopen && change.to === 'in_progress') return null;
    return { code: 'locked', detail: `This ${item.concept} is approved and locked: ${what(change)} — reopen it first` };
  }
  const holders = item.heldBy ?? [];
  if (holders.length === 0 || change.kind !== 'content') return null;
  const concept = holders[0]!.concept;
  const several = holders.length > 1;
  return {
    code: `held_by_approved_${concept}`,
    detail: `This ${item.concept} is linked to approved ${concept}${several ? 's' : ''} ${holders.map((h) => h.code).join(', ')}, which ${several ? 'hold' : 'holds'} it as approved — reopen the ${concept} first; until then ${what(change)}`,
  };
}

/** The single path: 409 `locked` naming what was refused. */
export function assertChangeAllowed(item: Lockable, change: WorkItemChange) {
  const refusal = lockRefusal(item, change);
  if (refusal) throw new AppError(409, refusal.detail, refusal.code);
}

/** The bulk path: the items the change may touch, and the others with why each is refused. */
export function partitionLocked<T extends Lockable>(items: readonly T[], change: WorkItemChange) {
  const allowed: T[] = [];
  const refused: (LockRefusal & { item: T })[] = [];
  for (const item of items) {
    const refusal = lockRefusal(item, change);
    if (refusal) refused.push({ ...refusal, item });
    else allowed.push(item);
  }
  return { allowed, refused };
}

/**
 * A change that touches every item or none (removing a framework detaches the controls only it maps to,
 * together): refused as a whole while any of them is locked, with a 409 `locked` that says what was
 * refused, how many items are locked and which, and what to do.
 */
export function assertNoneLocked<T extends Lockable & { code: string }>(items: readonly T[], change: WorkItemChange, refusedWhole: string) {
  const { refused } = partitionLocked(items, change);
  const n = refused.length;
  if (n === 0) return;
  const concept = refused[0]!.item.concept;
  const SHOWN = 10;
  const codes = refused.slice(0, SHOWN).map((r) => r.item.code).join(', ') + (n > SHOWN ? ` and ${n - SHOWN} more` : '');
  const detail =
    `${refusedWhole}: ${n} approved ${concept}${n === 1 ? '' : 's'} would go with it (${codes}). ` +
    `An approved ${concept} is locked: reopen ${n === 1 ? 'it' : 'them'} first (each with a reason, kept in ${n === 1 ? 'its' : 'their'} history), then try again`;
  throw new AppError(409, detail, 'locked');
}

/**
 * The right reopening needs: with separation of duties the force right (so that whoever did the work
 * does not undo an approval on their own), otherwise the concept's update right.
 */
export const reopenRight = (updateRight: string, separationOfDuties: boolean) => (separationOfDuties ? 'reviews:force_update_status' : updateRight);

/**
 * Reopening an approved item (back to in_progress): a written reason (422), kept in the history and the
 * export and sent to the approvers, and the reopen right (403).
 */
export function assertReopen(item: Lockable, input: { reason: string | undefined | null; rights: ReadonlySet<string> | undefined; updateRight: string; separationOfDuties: boolean }) {
  const right = reopenRight(input.updateRight, input.separationOfDuties);
  if (!input.rights?.has(right)) {
    throw forbidden(`Reopening an approved ${item.concept} needs ${right}${input.separationOfDuties ? ' (separation of duties)' : ''}`);
  }
  if (!input.reason?.trim()) {
    const message = `say why the approved ${item.concept} is reopened; the reason is kept in its history and the export, and its approvers are told`;
    throw new AppError(422, `justification: ${message}`, 'unprocessable_content', [{ path: 'body.justification', message }]);
  }
}
