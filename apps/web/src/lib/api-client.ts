import { XSRF_COOKIE, XSRF_HEADER } from '@aegis/contracts';
import { readCookie } from './cookies';
import { ApiError, apiErrorFromResponse } from './errors';
import { getAccessToken } from './session';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the stored access token as a Bearer header (default true). */
  auth?: boolean;
};

async function readBody(response: Response): Promise<unknown> {
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

/**
 * Calls the API on this origin and resolves with the parsed JSON body of a 2xx answer; anything else
 * rejects with an ApiError. State-changing calls echo the XSRF cookie, which the server requires
 * whenever a session cookie rides along.
 */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, auth = true } = options;
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  const token = auth ? getAccessToken() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const xsrf = method === 'GET' ? undefined : readCookie(XSRF_COOKIE);
  if (xsrf) headers.set(XSRF_HEADER, xsrf);

  let response: Response;
  try {
    response = await fetch(path, { method, body, headers, signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_unavailable', 'Network unavailable');
  }
  const payload = await readBody(response);
  if (!response.ok) throw apiErrorFromResponse(response, payload);
  return payload as T;
}

/** POSTs an `application/x-www-form-urlencoded` body, as the OAuth-style auth endpoints expect. */
export function postForm<T>(path: string, form: URLSearchParams, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
  return apiFetch<T>(path, {
    ...options,
    method: 'POST',
    body: form.toString(),
    headers: { ...options.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
  });
}
