import { useState, type FormEvent } from 'react';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { createTestSchema } from '../api/tests-api';
import { testInputOf, type TestFormValues } from '../test-form-values';

type Checked = ReturnType<typeof createTestSchema.parse>;

/**
 * A test form's values and messages: the contract's check marks the fields it refuses before
 * anything is sent, and a refused request (422) marks the fields its `errors[]` name.
 */
export function useTestForm(initial: TestFormValues, send: (input: Checked) => Promise<unknown>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const change = (changes: Partial<TestFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    // A field's message goes once the field changes: it no longer says what is there.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in changes))));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = createTestSchema.safeParse(testInputOf(values));
    if (!checked.success) {
      const found = fieldErrorsFromIssues(checked.error.issues);
      if (found.metric_id) found.metric_id = 'Choose the metric the test judges';
      if (found.lookback_days) found.lookback_days = 'Give a whole number of days, from 1 to 3660';
      setErrors(found);
      return focusFirstInvalid(form, found);
    }
    setErrors({});
    send(checked.data).catch((error: unknown) => {
      const found = fieldErrorsFromApiError(error);
      setErrors(found);
      focusFirstInvalid(form, found);
    });
  };

  return { values, errors, change, submit, hasFieldErrors: Object.keys(errors).length > 0 };
}
