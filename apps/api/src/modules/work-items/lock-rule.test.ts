import { describe, expect, it } from 'vitest';
import { WORK_ITEM_STATUSES } from '@aegis/contracts';
import type { AppError } from '../../lib/errors';
import { assertChangeAllowed, assertReopen, lockRefusal, partitionLocked, type WorkItemChange } from './lock-rule';

const CHANGES: WorkItemChange[] = [
  { kind: 'status', to: 'ready' },
  { kind: 'status', to: 'in_progress' },
  { kind: 'content', fields: ['notes', 'due_date'] },
  { kind: 'assessment' },
  { kind: 'link', target: 'evidence' },
];

describe('the lock rule', () => {
  it('refuses every change of what was approved, and nothing on items that are not approved', () => {
    for (const status of WORK_ITEM_STATUSES) {
      for (const change of CHANGES) {
        const refusal = lockRefusal({ status, concept: 'control' }, change);
        if (status === 'approved') expect(refusal).toMatchObject({ code: 'locked', detail: expect.stringMatching(/^This control is approved and locked: .+ — reopen it first$/) });
        else expect(refusal).toBeNull();
      }
    }
    expect(lockRefusal({ status: 'approved', concept: 'risk' }, { kind: 'content', fields: ['due_date'] })!.detail).toContain('its due date cannot change');
  });

  it('lets people change on an approved item, and reopening only on the path that reopens', () => {
    expect(lockRefusal({ status: 'approved', concept: 'control' }, { kind: 'people' })).toBeNull();
    expect(lockRefusal({ status: 'approved', concept: 'control' }, { kind: 'status', to: 'in_progress', reopen: true })).toBeNull();
    expect(() => assertChangeAllowed({ status: 'approved', concept: 'control' }, { kind: 'assessment' })).toThrow('a new assessment would change what was approved');
  });

  it('splits a bulk change into what may go ahead and what is refused', () => {
    const items = [{ id: 'a', status: 'ready' as const, concept: 'control' }, { id: 'b', status: 'approved' as const, concept: 'control' }];
    const { allowed, refused } = partitionLocked(items, { kind: 'status', to: 'in_progress' });
    expect(allowed.map((i) => i.id)).toEqual(['a']);
    expect(refused.map((r) => [r.item.id, r.code])).toEqual([['b', 'locked']]);
  });

  it('reopens with the right of the setting and a reason', () => {
    const item = { status: 'approved' as const, concept: 'control' };
    const editor = new Set(['controls:update']);
    const owner = new Set(['controls:update', 'reviews:force_update_status']);
    const code = (fn: () => void) => {
      try {
        fn();
        return 200;
      } catch (error) {
        return (error as AppError).statusCode;
      }
    };
    expect(code(() => assertReopen(item, { reason: 'x', rights: editor, updateRight: 'controls:update', separationOfDuties: true }))).toBe(403);
    expect(code(() => assertReopen(item, { reason: 'x', rights: editor, updateRight: 'controls:update', separationOfDuties: false }))).toBe(200);
    expect(code(() => assertReopen(item, { reason: ' ', rights: owner, updateRight: 'controls:update', separationOfDuties: true }))).toBe(422);
    expect(code(() => assertReopen(item, { reason: 'x', rights: owner, updateRight: 'controls:update', separationOfDuties: true }))).toBe(200);
  });
});
