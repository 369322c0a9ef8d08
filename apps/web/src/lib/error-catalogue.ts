import { ERROR_NAMES, type ErrorResponse } from '@aegis/contracts';
import { isTypedField, shownDateMessage } from './date-messages';

/** Spec section 8: HTTP statuses and the names of their errors. */
export const HTTP_ERROR_NAMES: Readonly<Record<number, string>> = {
  400: 'bad request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not found',
  405: 'not allowed',
  406: 'not acceptable',
  412: 'precondition failed',
  413: 'content too large',
  415: 'unsupported media type',
  422: 'unprocessable content',
  500: 'internal server',
  501: 'not implemented',
  502: 'bad gateway',
  503: 'service unavailable',
};

/** Failures without an HTTP answer; `status` is 0 for all of them. */
export const TRANSPORT_ERRORS = {
  timeout: { code: 'connection_timeout', name: 'connection timeout', message: 'Connection timeout' },
  network: { code: 'network_unavailable', name: 'network unavailable', message: 'Network unavailable' },
  canceled: { code: 'canceled_request', name: 'canceled request', message: 'Canceled request' },
  noResponse: { code: 'no_response', name: 'no response', message: 'An error occurred' },
} as const;

export type TransportError = keyof typeof TRANSPORT_ERRORS;

/** Shown when an error answer carries neither a detail nor a status text. */
export const FALLBACK_DETAIL = 'An error occurred.';

/** A problem a 422 names: where (a body field, or a place in an uploaded file, with its line when known) and what. */
export type FieldError = { path: string; message: string; line?: number };

/** The catalogue name of a status: the table above, else by class (statuses the spec does not list). */
export function errorNameForStatus(status: number): string {
  return HTTP_ERROR_NAMES[status] ?? (status >= 500 ? 'server error' : 'request failed');
}

function codeForStatus(status: number): string {
  return (ERROR_NAMES as Record<number, string>)[status] ?? (status >= 500 ? 'internal_server' : 'bad_request');
}

/**
 * A failed API call: the HTTP status (0 when no answer arrived), the server's `code` and `detail`, and
 * the catalogue name as the error's `name`. 422s carry the field errors.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly errors: FieldError[];

  constructor(status: number, code: string, detail: string, errors: FieldError[] = []) {
    super(detail);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.errors = errors;
    const transport = Object.values(TRANSPORT_ERRORS).find((t) => t.code === code);
    this.name = status === 0 ? (transport?.name ?? TRANSPORT_ERRORS.noResponse.name) : errorNameForStatus(status);
  }
}

function isErrorBody(body: unknown): body is Pick<ErrorResponse, 'detail'> & { code?: unknown; errors?: unknown } {
  return typeof body === 'object' && body !== null && typeof (body as ErrorResponse).detail === 'string';
}

function fieldErrors(errors: unknown): FieldError[] {
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((e): e is FieldError => typeof e?.path === 'string' && typeof e?.message === 'string')
    .map(({ path, message, line }) => (typeof line === 'number' ? { path, message, line } : { path, message }));
}

/** A date the API refused in a form's field, said as the person typed it (DD-MM-YYYY), in the detail too. */
function asTyped(detail: string, errors: FieldError[]): { detail: string; errors: FieldError[] } {
  let shown = detail;
  const translated = errors.map((error) => {
    const message = isTypedField(error.path) ? shownDateMessage(error.message) : error.message;
    if (message !== error.message) shown = shown.replace(error.message, message);
    return { ...error, message };
  });
  return { detail: shown, errors: translated };
}

/** The error of a non-2xx answer, using the response detail or else the status text. */
export function apiErrorFromResponse(response: Response, body: unknown): ApiError {
  const status = response.status;
  if (isErrorBody(body) && body.detail !== '') {
    const code = typeof body.code === 'string' ? body.code : codeForStatus(status);
    const { detail, errors } = asTyped(body.detail, fieldErrors(body.errors));
    return new ApiError(status, code, detail, errors);
  }
  return new ApiError(status, codeForStatus(status), response.statusText || FALLBACK_DETAIL);
}

export function transportError(kind: TransportError): ApiError {
  const { code, message } = TRANSPORT_ERRORS[kind];
  return new ApiError(0, code, message);
}

/**
 * The error of a request that got no answer: the caller cancelling gives 'Canceled request'; a timeout
 * or a connection aborted under us gives 'Connection timeout'; fetch's TypeError (DNS, refused, offline,
 * CORS) gives 'Network unavailable'; anything else 'An error occurred'.
 */
export function apiErrorFromFailure(failure: unknown, signal?: AbortSignal | null): ApiError {
  if (failure instanceof ApiError) return failure;
  if (signal?.aborted) return transportError(nameOf(signal.reason) === 'TimeoutError' ? 'timeout' : 'canceled');
  const name = nameOf(failure);
  if (name === 'TimeoutError' || name === 'AbortError') return transportError('timeout');
  if (name === 'TypeError') return transportError('network');
  return transportError('noResponse');
}

// By name, not instanceof: DOMException and TypeError may come from another realm (jsdom, workers).
function nameOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null && typeof (value as Error).name === 'string' ? (value as Error).name : undefined;
}

const NOT_REPORTED_TRANSPORT: readonly string[] = [
  TRANSPORT_ERRORS.timeout.code,
  TRANSPORT_ERRORS.network.code,
  TRANSPORT_ERRORS.canceled.code,
];

/** Server (5xx, gateway included), timeout, network and cancel errors are not reported; others are. */
export function shouldReport(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status >= 500) return false;
  return !(error.status === 0 && NOT_REPORTED_TRANSPORT.includes(error.code));
}
