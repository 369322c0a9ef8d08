import { describe, expect, it } from 'vitest';
import { WORK_ITEM_STATUSES, type WorkItemStatus } from '@aegis/contracts';
import { type AppError } from '../../lib/errors';
import { assertManualTransition, isLocked, manualTransitionsFrom } from './lifecycle';

/** What happens for every pair of statuses when a person changes one by hand. */
const EXPECTED: Record<WorkItemStatus, Record<WorkItemStatus, 'ok' | 'review_required' | 'review_pending' | 'transition_not_allowed' | 'justification'>> = {
  ready: { ready: 'ok', in_progress: 'ok', in_review: 'review_required', approved: 'review_required', out_of_scope: 'justification' },
  in_progress: { ready: 'ok', in_progress: 'ok', in_review: 'review_required', approved: 'review_required', out_of_scope: 'justification' },
  in_review: { ready: 'review_pending', in_progress: 'review_pending', in_review: 'ok', approved: 'review_required', out_of_scope: 'review_pending' },
  approved: { ready: 'transition_not_allowed', in_progress: 'ok', in_review: 'review_required', approved: 'ok', out_of_scope: 'transition_not_allowed' },
  out_of_scope: { ready: 'ok', in_progress: 'ok', in_review: 'review_required', approved: 'review_required', out_of_scope: 'ok' },
};

function outcome(from: WorkItemStatus, to: WorkItemStatus, justification?: string) {
  try {
    assertManualTransition(from, to, justification);
    return 'ok';
  } catch (error) {
    const e = error as AppError;
    return e.statusCode === 422 ? 'justification' : e.code;
  }
}

describe('the work-item life cycle', () => {
  for (const from of WORK_ITEM_STATUSES) {
    for (const to of WORK_ITEM_STATUSES) {
      it(`${from} → ${to}: ${EXPECTED[from][to]}`, () => {
        expect(outcome(from, to)).toBe(EXPECTED[from][to]);
      });
    }
  }

  it('lets an item go out of scope with a written reason, and names both statuses when it refuses', () => {
    expect(outcome('in_progress', 'out_of_scope', 'Not a high-risk system')).toBe('ok');
    expect(() => assertManualTransition('approved', 'ready')).toThrow('The status cannot go from Approved to Ready');
  });

  it('offers by hand exactly what it allows, and locks approved items only', () => {
    for (const from of WORK_ITEM_STATUSES) {
      const allowed = WORK_ITEM_STATUSES.filter((to) => to !== from && ['ok', 'justification'].includes(EXPECTED[from][to]));
      expect(manualTransitionsFrom(from).sort()).toEqual(allowed.sort());
      expect(isLocked(from)).toBe(from === 'approved');
    }
  });
});
