import { shownDateMessage } from '../lib/date-messages';
import { ApiError } from '../lib/errors';

/** Messages by form field name. */
export type FieldErrors = Record<string, string>;

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** The first message per field of a failed schema check (the contract's zod issues); a date's message says DD-MM-YYYY, as dates are typed. */
export function fieldErrorsFromIssues(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = shownDateMessage(issue.message);
  }
  return errors;
}

/**
 * The field errors of a 422 whose paths name body fields (`body.email` gives `email`). The API client
 * has already shown the red notice; this puts the same messages next to the fields. Any other failure
 * gives none.
 */
export function fieldErrorsFromApiError(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const errors: FieldErrors = {};
  for (const { path, message } of error.errors) {
    const [where, field] = path.split('.');
    if (where === 'body' && field && !(field in errors)) errors[field] = message;
  }
  return errors;
}

/** Moves focus to the first field (in form order) that has an error, so keyboard users land on it. */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && errors[name] && element instanceof HTMLElement && element.tabIndex >= 0) {
      element.focus();
      return;
    }
  }
}
