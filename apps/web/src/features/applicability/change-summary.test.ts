import { describe, expect, it } from 'vitest';
import type { ApplicabilityChange } from '@aegis/contracts';
import { changeSummary, joinWords, takesOutOfScope } from './change-summary';

const none: ApplicabilityChange = { requirements_out: [], requirements_in: [], controls_out: [], controls_restored: [], controls_kept: [] };
const requirement = (n: number) => ({ id: `0199a0b2-0000-7000-8000-${String(n).padStart(12, '0')}`, framework_code: 'EU_AI_ACT', code: `Art. ${n}`, title: `Article ${n}`, reason: 'Provider only' });
const control = (n: number) => ({ control_code: `MFF-1.X.${n}`, title: `Control ${n}` });

describe('changeSummary', () => {
  it('says nothing of a change that moves nothing', () => {
    expect(changeSummary(none, 'would')).toBeNull();
    expect(takesOutOfScope(none)).toBe(false);
  });

  it('says what a save would move, in one sentence', () => {
    const change: ApplicabilityChange = {
      ...none,
      requirements_out: Array.from({ length: 12 }, (_, n) => requirement(n + 1)),
      controls_out: [1, 2, 3].map((n) => ({ ...control(n), status_before: 'ready' as const })),
      controls_kept: [{ ...control(4), status: 'approved', why: 'Approved: reopen it to change it' }],
    };
    expect(changeSummary(change, 'would')).toBe('12 requirements will become not applicable, 3 controls go out of scope and 1 approved control is kept.');
    expect(takesOutOfScope(change)).toBe(true);
  });

  it('says what a save moved, back into scope too', () => {
    const change: ApplicabilityChange = {
      ...none,
      requirements_in: [requirement(1)],
      controls_restored: [{ ...control(1), status: 'in_progress' }, { ...control(2), status: 'ready' }],
      controls_kept: [{ ...control(3), status: 'in_review', why: 'Under review' }, { ...control(4), status: 'in_review', why: 'Under review' }],
    };
    expect(changeSummary(change, 'did')).toBe('1 requirement became applicable again, 2 controls came back with the status they had and 2 controls under review were kept.');
    expect(takesOutOfScope(change)).toBe(false);
  });

  it('joins words as a sentence does', () => {
    expect(joinWords([])).toBe('');
    expect(joinWords(['a'])).toBe('a');
    expect(joinWords(['a', 'b'])).toBe('a and b');
    expect(joinWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
