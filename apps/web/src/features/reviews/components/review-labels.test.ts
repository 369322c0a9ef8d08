import { describe, expect, it } from 'vitest';
import { changeText, fieldLabel } from './review-labels';

// Issue 29, item 1: what changed since a review was requested is said in words, never as raw JSON.
const noJson = (text: string) => expect(text).not.toMatch(/[{}[\]]|":/);

describe('changeText', () => {
  it('names the parts of a treatment that changed, whatever the order of its keys', () => {
    const before = { plan: 'Monitor monthly', option: 'mitigate', residual_impact: 2, residual_likelihood: 2, acceptance_rationale: null };
    const after = { option: 'mitigate', plan: 'Monitor weekly', residual_likelihood: 3, residual_impact: 2, acceptance_rationale: null };
    const text = changeText('treatment', before, after);
    expect(text).toBe('plan “Monitor monthly” → “Monitor weekly”; residual likelihood 2 → 3');
    noJson(text);
    expect(changeText('treatment', before, { ...before })).toBe('changed');
  });

  it('a treatment set for the first time, or an assessment that changed, in words', () => {
    const set = changeText('treatment', null, { option: 'accept', plan: null });
    expect(set).toBe('set: option empty → accept');
    noJson(set);
    expect(changeText('assessment', { result: 'met', rationale: 'Owners named' }, { rationale: 'No owner named', result: 'not_met' })).toBe('rationale “Owners named” → “No owner named”; result met → not met');
    expect(changeText('assessment', undefined, { result: 'not_met', rationale: 'x' })).toBe('set: rationale empty → “x”; result empty → not met');
  });

  it('counts what was added to, removed from or changed in a list', () => {
    expect(changeText('risks', undefined, ['r1'])).toBe('1 added');
    expect(changeText('asset_cards', ['a', 'b'], ['b', 'c', 'd'])).toBe('2 added, 1 removed');
    expect(changeText('tags', ['t1'], [])).toBe('1 removed');
    const strategies = changeText('strategies', [{ id: 's1', action: 'Monitor', status: 'planned' }], [{ status: 'done', action: 'Monitor', id: 's1' }, { id: 's2', action: 'Retrain', status: 'planned' }]);
    expect(strategies).toBe('1 added, 1 changed');
    noJson(strategies);
  });

  it('plain values as before: dates as shown elsewhere, text quoted, a new file named so', () => {
    expect(changeText('notes', '', 'Rewritten')).toBe('empty → “Rewritten”');
    expect(changeText('due_date', null, '2027-01-31')).toBe('empty → 31-01-2027');
    expect(changeText('sha256', 'a'.repeat(64), 'b'.repeat(64))).toBe('a new file');
    expect(changeText('owner_id', 'u1', 'u2')).toBe('another one');
    const facts = changeText('facts', { license: 'mit', metrics: [{ type: 'wer', value: 1 }] }, { metrics: [{ value: 2, type: 'wer' }], license: 'apache-2.0' });
    expect(facts).toBe('license “mit” → “apache-2.0”; metrics: 1 added, 1 removed');
    noJson(facts);
  });

  it('labels the fields every concept covers', () => {
    expect(fieldLabel('asset_cards')).toBe('Linked asset cards');
    expect(fieldLabel('treatment')).toBe('Treatment');
    expect(fieldLabel('assessment')).toBe('Assessment');
  });
});
