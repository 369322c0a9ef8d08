import type { ErrorResponse } from '@aegis/contracts';

/** A failed API call: the HTTP status (0 when no response arrived) and the server's `code` and `detail`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;

  constructor(status: number, code: string, detail: string) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}

const FALLBACK_DETAIL = 'An error occurred.';

function isErrorResponse(body: unknown): body is Pick<ErrorResponse, 'detail' | 'code'> {
  return typeof body === 'object' && body !== null && typeof (body as ErrorResponse).detail === 'string';
}

/** Builds the error of a non-2xx response from its `{ detail, code }` body, else from the status. */
export function apiErrorFromResponse(response: Response, body: unknown): ApiError {
  if (isErrorResponse(body)) {
    return new ApiError(response.status, typeof body.code === 'string' ? body.code : 'error', body.detail);
  }
  return new ApiError(response.status, 'error', response.statusText || FALLBACK_DETAIL);
}

/** The message to show a person for any thrown value. */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  return FALLBACK_DETAIL;
}

/** The server rejected our credentials (missing, expired or revoked token). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
