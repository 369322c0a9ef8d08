import { useState, type FormEvent } from 'react';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from './field-errors';

type Issues = Parameters<typeof fieldErrorsFromIssues>[0];

/** What a contract schema's safeParse gives. */
type Checked<T> = { success: true; data: T } | { success: false; error: { issues: Issues } };

/**
 * A form's values and its messages by field. Showing messages moves the focus to the first field in
 * error, so keyboard users land on it.
 */
export function useFormFields<V extends object>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const showErrors = (form: HTMLFormElement, found: FieldErrors) => {
    setErrors(found);
    focusFirstInvalid(form, found);
  };
  /** Marks the fields a refused request (a 422) names; the API client has shown its notice (409, 422…) already. */
  const showRefusal = (form: HTMLFormElement, error: unknown) => showErrors(form, fieldErrorsFromApiError(error));

  /**
   * The form's submit handler: marks the fields the check refuses, else sends the checked input; a
   * refused request marks its fields.
   */
  const handleSubmit =
    <T>(check: () => Checked<T>, send: (input: T) => Promise<unknown>, messages: (issues: Issues) => FieldErrors = fieldErrorsFromIssues) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const checked = check();
      showErrors(form, checked.success ? {} : messages(checked.error.issues));
      if (checked.success) void send(checked.data).catch((error: unknown) => showRefusal(form, error));
    };

  return {
    values,
    setValues,
    errors,
    set:
      <K extends keyof V>(field: K) =>
      (value: V[K]) =>
        setValues((current) => ({ ...current, [field]: value })),
    /** Back to the initial values, without messages. */
    reset: () => {
      setValues(initial);
      setErrors({});
    },
    showErrors,
    showRefusal,
    handleSubmit,
  };
}
