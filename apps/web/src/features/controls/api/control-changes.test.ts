import { describe, expect, it } from 'vitest';
import type { ControlChange, StatusChange } from '@aegis/contracts';
import { buildControlDetail } from '../../../testing/factories';
import { withChange } from './control-changes';

const earlier: StatusChange = { from: null, to: 'ready', at: '2026-11-20T08:00:00.000Z', by: null, justification: null, forced: false };
const started: StatusChange = { from: 'ready', to: 'in_progress', at: '2026-11-21T08:00:00.000Z', by: null, justification: null, forced: false };

function changeOf(detail: ReturnType<typeof buildControlDetail>, overrides: Partial<ControlChange>): ControlChange {
  const { id, control_code, status, notes, due_date, tags, review_status, approval_forced, updated_at, out_of_scope_justification, locked, allowed_transitions } = detail;
  return { id, control_code, status, notes, due_date, tags, review_status, approval_forced, updated_at, out_of_scope_justification, locked, allowed_transitions, status_change: null, ...overrides };
}

describe('a control change applied to the cached detail', () => {
  it('takes the fields the change moved and puts the entry it wrote at the head of the history, keeping the rest', () => {
    const detail = buildControlDetail({ status_history: [earlier], review_status: 'approved' });
    const next = withChange(detail, changeOf(detail, { status: 'in_progress', allowed_transitions: ['ready', 'out_of_scope'], review_status: null, updated_at: started.at, status_change: started }));
    expect(next).toMatchObject({ status: 'in_progress', allowed_transitions: ['ready', 'out_of_scope'], review_status: null, updated_at: started.at });
    expect(next.status_history).toEqual([started, earlier]);
    expect(next.satisfies).toBe(detail.satisfies);
    expect(next).not.toHaveProperty('status_change');
  });

  it('adds no entry when the status stayed, nor one a refetch brought already', () => {
    const detail = buildControlDetail({ status_history: [earlier] });
    expect(withChange(detail, changeOf(detail, { notes: 'Drafted' }))).toMatchObject({ notes: 'Drafted', status_history: [earlier] });
    const refetched = buildControlDetail({ status: 'in_progress', status_history: [started, earlier] });
    expect(withChange(refetched, changeOf(refetched, { status_change: started })).status_history).toEqual([started, earlier]);
  });
});
