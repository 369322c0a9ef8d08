import { ApiError, FALLBACK_DETAIL } from './error-catalogue';

// The error type lives with the catalogue that names it; screens import it from here too.
export { ApiError, apiErrorFromResponse } from './error-catalogue';

/** The message to show a person for any thrown value. */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  return FALLBACK_DETAIL;
}

/** The server rejected our credentials (missing, expired or revoked token). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
