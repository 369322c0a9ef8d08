import { ApiError } from '../../lib/errors';

/** Messages by field path, dotted below the body: `name`, `facts.source_url`, `facts.metrics.0.value`, `sections.intended_use`. */
export type CardFieldErrors = Record<string, string>;

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** The first message per field path of a failed schema check. */
export function cardErrorsFromIssues(issues: readonly Issue[], prefix: readonly PropertyKey[] = []): CardFieldErrors {
  const errors: CardFieldErrors = {};
  for (const issue of issues) {
    const path = [...prefix, ...issue.path].map(String).join('.');
    if (path && !(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/**
 * The field errors of a 422 whose paths name body fields (`body.facts.license` gives `facts.license`);
 * a 422 that names the field in its words only ("sections: no such section for a dataset: purpose")
 * gives none: the form shows its detail.
 */
export function cardErrorsFromApiError(error: unknown): CardFieldErrors {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const errors: CardFieldErrors = {};
  for (const { path, message } of error.errors) {
    const [where, ...rest] = path.split('.');
    const field = rest.join('.');
    if (where === 'body' && field && !(field in errors)) errors[field] = message;
  }
  return errors;
}

/** The message for `path` or, failing that, for the nearest field above it (`facts.metrics` for `facts.metrics.0`). */
export function errorAt(errors: CardFieldErrors, path: string): string | undefined {
  if (errors[path]) return errors[path];
  return undefined;
}

/** Moves focus to the first field (in form order) whose name has an error, so keyboard users land on it. */
export function focusFirstCardError(form: HTMLFormElement | null, errors: CardFieldErrors): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && errors[name] && element instanceof HTMLElement && element.tabIndex >= 0 && !element.hasAttribute('disabled')) {
      element.focus();
      return;
    }
  }
}
