import { describe, expect, it } from 'vitest';
import { WORK_ITEM_STATUSES, type WorkItemStatus } from '@aegis/contracts';
import type { AppError } from '../../lib/errors';
import { assertChangeAllowed, assertNoneLocked, assertReopen, lockRefusal, partitionLocked, type WorkItemChange } from './lock-rule';

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

  // Issue 29, item 16: what an approved item holds is locked with it.
  it('keeps the content of an item approved items hold, and only its content', () => {
    const held = { status: 'ready' as const, concept: 'evidence', heldBy: [{ concept: 'control', code: 'MFF-1.GOV.01' }] };
    for (const fields of [['name'], ['description'], ['effective_date', 'expires_on'], ['tags']]) {
      expect(lockRefusal(held, { kind: 'content', fields })).toEqual({
        code: 'held_by_approved_control',
        detail: expect.stringMatching(/^This evidence is linked to approved control MFF-1\.GOV\.01, which holds it as approved — reopen the control first; until then its .+ cannot change$/),
      });
    }
    for (const change of [{ kind: 'people' }, { kind: 'status', to: 'in_progress' }, { kind: 'link', target: 'controls' }] as WorkItemChange[]) expect(lockRefusal(held, change)).toBeNull();
    expect(lockRefusal({ ...held, heldBy: [] }, { kind: 'content', fields: ['name'] })).toBeNull();
    const two = lockRefusal({ ...held, heldBy: [...held.heldBy, { concept: 'control', code: 'MFF-1.GOV.02' }] }, { kind: 'content', fields: ['name'] });
    expect(two!.detail).toContain('approved controls MFF-1.GOV.01, MFF-1.GOV.02, which hold it');
    // Approved itself, it is refused as locked, whoever holds it.
    expect(lockRefusal({ ...held, status: 'approved' }, { kind: 'content', fields: ['name'] })!.code).toBe('locked');
  });

  // Issue 29, item 5: a change of several items together (a framework's removal) is refused as a whole.
  it('refuses a change that takes several items together while one of them is approved, saying how many and which', () => {
    const statuses: WorkItemStatus[] = ['ready', 'approved', 'in_progress', 'approved'];
    const controls = statuses.map((status, i) => ({ code: `C-${i}`, status, concept: 'control' }));
    const detach: WorkItemChange = { kind: 'detach', with: 'NIST AI RMF' };
    expect(() => assertNoneLocked(controls.filter((c) => c.status !== 'approved'), detach, 'NIST AI RMF cannot be removed')).not.toThrow();
    try {
      assertNoneLocked(controls, detach, 'NIST AI RMF cannot be removed');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 409, code: 'locked' });
      expect((error as AppError).message).toBe(
        'NIST AI RMF cannot be removed: 2 approved controls would go with it (C-1, C-3). An approved control is locked: reopen them first (each with a reason, kept in their history), then try again',
      );
    }
  });
});
