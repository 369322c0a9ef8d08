import { XSRF_COOKIE, XSRF_HEADER } from '@aegis/contracts';
import { buildUrl, type QueryParams } from './build-url';
import { filenameFromContentDisposition } from './content-disposition';
import { readCookie } from './cookies';
import { ApiError, apiErrorFromFailure, apiErrorFromResponse, shouldReport, TRANSPORT_ERRORS } from './error-catalogue';
import { reportError } from './error-reporting';
import { notifyError } from './notifier';
import { refreshSession } from './refresh';
import { watchServiceHealth } from './service-health';
import { endSession as endStoredSession, getAccessToken, hasValidAccessToken } from './session';
import { xhrFetch, type UploadProgress } from './xhr-fetch';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: HttpMethod;
  /** Sent as a JSON body (with its Content-Type); takes the place of `body`. */
  json?: unknown;
  body?: BodyInit;
  /** Appended to the path; undefined and null values are left out. */
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the stored access token as a Bearer header, refreshing it when needed (default true). */
  auth?: boolean;
  /** Show a red notification when the call fails (default true); 404s, 5xx and cancellations never do. */
  notify?: boolean;
  /** Told how far the body has been sent; the call then goes out with XMLHttpRequest, which can tell. */
  onUploadProgress?: (progress: UploadProgress) => void;
};

/** The code of the error a call rejects with once the session is over and logout has started. */
export const SESSION_ENDED = 'session_ended';

type ReadBody = (response: Response) => Promise<unknown>;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A download's error body arrives as a blob; its text is our usual `{ detail, code }`. */
async function readBlobError(response: Response): Promise<unknown> {
  const text = await (await response.blob()).text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function sendOnce(url: string, options: RequestOptions, token: string | null): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json' });
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set('Content-Type', 'application/json');
  }
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // The server requires the XSRF echo on state-changing calls whenever a session cookie rides along.
  const xsrf = method === 'GET' ? undefined : readCookie(XSRF_COOKIE);
  if (xsrf) headers.set(XSRF_HEADER, xsrf);
  const init: RequestInit = { method, body, headers, signal: options.signal, credentials: 'same-origin' };
  return options.onUploadProgress ? xhrFetch(url, init, options.onUploadProgress) : fetch(url, init);
}

/** The session is over while the user was on a page: sign-in brings them back to it. */
function endSession(): ApiError {
  endStoredSession(`${window.location.pathname}${window.location.search}${window.location.hash}`);
  return new ApiError(401, SESSION_ENDED, 'Your session has ended. Please sign in again.');
}

/**
 * Spec section 4 and 8: an expired or missing access token is refreshed before the call, and the call
 * does not go out if that fails; a 401 refreshes once and retries with the new token; a second 401,
 * or a refresh that yields nothing, logs out.
 */
async function sendWithSession(url: string, options: RequestOptions): Promise<Response> {
  if (options.auth === false) return sendOnce(url, options, null);
  if (!hasValidAccessToken() && !(await refreshSession())) throw endSession();
  const first = await sendOnce(url, options, getAccessToken());
  if (first.status !== 401) return first;
  if (!(await refreshSession()) || !getAccessToken()) throw endSession();
  const second = await sendOnce(url, options, getAccessToken());
  if (second.status === 401) throw endSession();
  return second;
}

/** The one place failed calls turn into health checks, notifications and error reports. */
function handleFailure(error: ApiError, url: string, options: RequestOptions): void {
  if (error.code === SESSION_ENDED) return;
  if (error.status >= 500) void watchServiceHealth();
  else if (options.notify !== false && error.status !== 404 && error.code !== TRANSPORT_ERRORS.canceled.code) {
    notifyError(error.detail);
  }
  if (shouldReport(error)) {
    reportError(error, { url, method: options.method ?? 'GET', status: error.status, code: error.code });
  }
}

async function request<T>(path: string, options: RequestOptions, read: (response: Response) => Promise<T>, readError: ReadBody): Promise<T> {
  const url = buildUrl(path, options.query);
  try {
    const response = await sendWithSession(url, options);
    if (!response.ok) throw apiErrorFromResponse(response, await readError(response));
    return await read(response);
  } catch (failure) {
    const error = apiErrorFromFailure(failure, options.signal);
    handleFailure(error, url, options);
    throw error;
  }
}

/**
 * Calls the API on this origin and resolves with the parsed JSON body of a 2xx answer (undefined when
 * empty); anything else rejects with an ApiError named after the catalogue (spec section 8).
 */
export function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request(path, options, readJson, readJson) as Promise<T>;
}

export type UploadOptions = Omit<RequestOptions, 'method' | 'body' | 'json'> & {
  /** The multipart field that carries the file (default `file`). */
  field?: string;
};

/**
 * POSTs one file as `multipart/form-data` (the browser sets the boundary), reporting progress when
 * `onUploadProgress` is given; answers and failures as apiFetch.
 */
export function apiUpload<T>(path: string, file: Blob & { name?: string }, { field = 'file', ...options }: UploadOptions = {}): Promise<T> {
  const form = new FormData();
  form.append(field, file, file.name);
  return apiFetch<T>(path, { ...options, method: 'POST', body: form });
}

/** POSTs an `application/x-www-form-urlencoded` body, as the OAuth-style auth endpoints expect. */
export function postForm<T>(path: string, form: URLSearchParams, options: Omit<RequestOptions, 'method' | 'body' | 'json'> = {}): Promise<T> {
  return apiFetch<T>(path, {
    ...options,
    method: 'POST',
    body: form.toString(),
    headers: { ...options.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
  });
}

function lastSegment(path: string): string {
  const segment = path.split('?')[0]?.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Fetches a file; the name comes from Content-Disposition, else the last segment of the path. */
export function apiDownload(path: string, options: Omit<RequestOptions, 'json'> = {}): Promise<{ blob: Blob; filename: string }> {
  const read = async (response: Response) => ({
    blob: await response.blob(),
    filename: filenameFromContentDisposition(response.headers.get('content-disposition')) ?? (lastSegment(path) || 'download'),
  });
  return request(path, { ...options, headers: { Accept: '*/*', ...options.headers } }, read, readBlobError);
}

/** Spec section 5: every call needs its path parameters and required body. Undefined and null miss. */
export function requireParams(operation: string, params: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) {
      throw new Error(`Required parameter ${name} was null or undefined when calling ${operation}`);
    }
  }
}
