import { describe, expect, it } from 'vitest';
import { createTestingTest } from '@aegis/contracts';
import { buildTest, METRIC_ID } from './testing/testing-fixtures';
import { EMPTY_TEST_FORM, testFormOf, testInputOf } from './test-form-values';

describe('testInputOf', () => {
  it('sends the upper bound only for between and a window only for an aggregate', () => {
    const values = { ...EMPTY_TEST_FORM, name: 'Accuracy', metric_id: METRIC_ID, threshold: '0.9', threshold_upper: '1', window_size: '5' };
    expect(testInputOf(values)).toMatchObject({ threshold: 0.9, threshold_upper: null, window_kind: null, window_size: null, lookback_days: 30 });
    expect(testInputOf({ ...values, operator: 'between', aggregation: 'mean', window_kind: 'days' })).toMatchObject({ threshold_upper: 1, window_kind: 'days', window_size: 5 });
    expect(createTestingTest.safeParse(testInputOf(values)).success).toBe(true);
  });

  it('leaves what is not a number for the contract to refuse, on its field', () => {
    const checked = createTestingTest.safeParse(testInputOf({ ...EMPTY_TEST_FORM, name: 'x', metric_id: METRIC_ID, threshold: 'abc', operator: 'between' }));
    expect(checked.success).toBe(false);
    expect(checked.error!.issues.map((issue) => issue.path[0])).toEqual(expect.arrayContaining(['threshold']));
  });

  it('reads a test back into its form', () => {
    const form = testFormOf(buildTest({ operator: 'between', threshold: 1, threshold_upper: 2, aggregation: 'mean', window_kind: 'days', window_size: 7 }));
    expect(form).toMatchObject({ threshold: '1', threshold_upper: '2', aggregation: 'mean', window_kind: 'days', window_size: '7', lookback_days: '30', schedule: 'daily' });
    expect(testInputOf(form)).toMatchObject({ threshold: 1, threshold_upper: 2, window_kind: 'days', window_size: 7 });
  });
});
