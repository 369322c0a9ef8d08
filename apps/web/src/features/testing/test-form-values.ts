import type { TestAggregation, TestingTestListItem, TestOperator, TestSchedule, TestWindowKind } from '@aegis/contracts';

/** A test's form as typed: numbers stay text until checked, so that a half-typed "0." is not lost. */
export type TestFormValues = {
  name: string;
  description: string;
  metric_id: string;
  operator: TestOperator;
  threshold: string;
  threshold_upper: string;
  aggregation: TestAggregation;
  window_kind: TestWindowKind;
  window_size: string;
  lookback_days: string;
  schedule: TestSchedule;
};

export const EMPTY_TEST_FORM: TestFormValues = {
  name: '',
  description: '',
  metric_id: '',
  operator: '>=',
  threshold: '',
  threshold_upper: '',
  aggregation: 'latest',
  window_kind: 'values',
  window_size: '5',
  lookback_days: '30',
  schedule: 'manual',
};

/** Typed text as a number: empty is missing, anything else not a number stays NaN for the schema to refuse. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/**
 * The request body the form stands for, before the contract's check: the upper bound only for
 * "between", a window only for an aggregate (the schema refuses the other combinations).
 */
export function testInputOf(values: TestFormValues) {
  const aggregate = values.aggregation !== 'latest';
  return {
    name: values.name,
    description: values.description,
    metric_id: values.metric_id || undefined,
    operator: values.operator,
    threshold: numberOf(values.threshold),
    threshold_upper: values.operator === 'between' ? (numberOf(values.threshold_upper) ?? null) : null,
    aggregation: values.aggregation,
    window_kind: aggregate ? values.window_kind : null,
    window_size: aggregate ? (numberOf(values.window_size) ?? null) : null,
    lookback_days: numberOf(values.lookback_days),
    schedule: values.schedule,
  };
}

/** A test's fields as its edit form shows them. */
export function testFormOf(test: TestingTestListItem): TestFormValues {
  return {
    name: test.name,
    description: test.description,
    metric_id: test.metric_id ?? '',
    operator: test.operator,
    threshold: String(test.threshold),
    threshold_upper: test.threshold_upper === null ? '' : String(test.threshold_upper),
    aggregation: test.aggregation,
    window_kind: test.window_kind ?? 'values',
    window_size: test.window_size === null ? '5' : String(test.window_size),
    lookback_days: String(test.lookback_days),
    schedule: test.schedule,
  };
}
