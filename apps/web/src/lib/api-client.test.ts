import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, stubFetch } from '../testing/fetch-stub';
import { jwtExpiringIn } from '../testing/jwt';
import { apiDownload, apiFetch, apiUpload, postForm, requireParams, SESSION_ENDED } from './api-client';
import { ApiError } from './errors';
import { reportError } from './error-reporting';
import { browserLocation, setInAppNavigate } from './navigation';
import { notifyError } from './notifier';
import { getAccessToken, storeTokens } from './session';

vi.mock('./notifier', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('./error-reporting', () => ({ reportError: vi.fn() }));

const REFRESH = '/api/auth/refresh';
const THING = '/api/thing';
const bearerOf = (init: RequestInit | undefined) => new Headers(init?.headers).get('authorization');
const headersOf = (init: RequestInit | undefined) => new Headers(init?.headers);
const newPair = { access_token: jwtExpiringIn(900), refresh_token: 'r-2', token_type: 'bearer', expires_in: 900 };

function signIn(access = jwtExpiringIn(900)) {
  storeTokens({ access_token: access, refresh_token: 'r-1' });
  return access;
}

beforeEach(() => {
  vi.clearAllMocks();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('apiFetch: sending', () => {
  it('sends the stored access token as a Bearer header and parses JSON', async () => {
    const token = signIn();
    const fetch = stubFetch(() => jsonResponse(200, { ok: true }));
    await expect(apiFetch(THING)).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledOnce();
    expect(bearerOf(fetch.mock.calls[0]?.[1])).toBe(`Bearer ${token}`);
  });

  it('sends no Authorization header, and refreshes nothing, when told not to authenticate', async () => {
    const fetch = stubFetch(() => jsonResponse(200, {}));
    await apiFetch(THING, { auth: false });
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([THING]);
    expect(headersOf(fetch.mock.calls[0]?.[1]).has('authorization')).toBe(false);
  });

  it('sends `json` as a JSON body and leaves undefined query values out', async () => {
    signIn();
    const fetch = stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiFetch(THING, { method: 'PATCH', json: { name: 'A' }, query: { page: 2, name: undefined, tag: ['x', 'y'], flag: false } })).resolves.toBeUndefined();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/thing?page=2&tag=x&tag=y&flag=false');
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"name":"A"}');
    expect(headersOf(init).get('content-type')).toBe('application/json');
  });
});

describe('apiFetch: session', () => {
  it('refreshes an expired access token before the call, and sends the new one', async () => {
    signIn(jwtExpiringIn(-10));
    const fetch = stubFetch(({ url }) => (url === REFRESH ? jsonResponse(200, newPair) : jsonResponse(200, { ok: 1 })));
    await expect(apiFetch(THING)).resolves.toEqual({ ok: 1 });
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([REFRESH, THING]);
    expect(bearerOf(fetch.mock.calls[1]?.[1])).toBe(`Bearer ${newPair.access_token}`);
  });

  it('refreshes first when there is no access token but a refresh token', async () => {
    localStorage.setItem('refresh_token', 'r-1');
    const fetch = stubFetch(({ url }) => (url === REFRESH ? jsonResponse(200, newPair) : jsonResponse(200, {})));
    await apiFetch(THING);
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([REFRESH, THING]);
  });

  it('logs out and sends nothing when the refresh before the call fails', async () => {
    signIn(jwtExpiringIn(-10));
    const fetch = stubFetch(() => jsonResponse(401, { detail: 'Refresh token reused', code: 'unauthorized' }));
    await expect(apiFetch(THING)).rejects.toMatchObject({ status: 401, code: SESSION_ENDED });
    expect(callsTo(fetch, THING)).toHaveLength(0);
    expect(browserLocation.assign).toHaveBeenCalledExactlyOnceWith('/api/auth/logout');
    expect(getAccessToken()).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('answers a 401 by refreshing once and retrying with the new token', async () => {
    const old = signIn();
    let thingCalls = 0;
    const fetch = stubFetch(({ url }) => {
      if (url === REFRESH) return jsonResponse(200, newPair);
      thingCalls += 1;
      return thingCalls === 1 ? jsonResponse(401, { detail: 'Token revoked', code: 'unauthorized' }) : jsonResponse(200, { second: true });
    });
    await expect(apiFetch(THING, { method: 'DELETE' })).resolves.toEqual({ second: true });
    const things = callsTo(fetch, THING);
    expect(things.map((call) => bearerOf(call.init))).toEqual([`Bearer ${old}`, `Bearer ${newPair.access_token}`]);
    expect(things.map((call) => call.init.method)).toEqual(['DELETE', 'DELETE']);
    expect(callsTo(fetch, REFRESH)).toHaveLength(1);
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });

  it('logs out on a second 401 for the same request', async () => {
    signIn();
    const fetch = stubFetch(({ url }) => (url === REFRESH ? jsonResponse(200, newPair) : jsonResponse(401, { detail: 'No', code: 'unauthorized' })));
    await expect(apiFetch(THING)).rejects.toMatchObject({ status: 401, code: SESSION_ENDED });
    expect(callsTo(fetch, THING)).toHaveLength(2);
    expect(callsTo(fetch, REFRESH)).toHaveLength(1);
    expect(browserLocation.assign).toHaveBeenCalledExactlyOnceWith('/api/auth/logout');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('logs out without a retry when the refresh after a 401 yields nothing', async () => {
    signIn();
    const fetch = stubFetch(({ url }) => (url === REFRESH ? jsonResponse(200, {}) : jsonResponse(401, { detail: 'No', code: 'unauthorized' })));
    await expect(apiFetch(THING)).rejects.toMatchObject({ code: SESSION_ENDED });
    expect(callsTo(fetch, THING)).toHaveLength(1);
    expect(browserLocation.assign).toHaveBeenCalledWith('/api/auth/logout');
  });

  it('treats a 401 of an unauthenticated call as an ordinary error', async () => {
    stubFetch(() => jsonResponse(401, { detail: 'Bad code', code: 'unauthorized' }));
    await expect(apiFetch(THING, { auth: false })).rejects.toMatchObject({ status: 401, name: 'unauthorized', detail: 'Bad code' });
    expect(browserLocation.assign).not.toHaveBeenCalled();
    expect(notifyError).toHaveBeenCalledWith('Bad code');
  });
});

describe('apiFetch: error answers', () => {
  beforeEach(() => {
    signIn();
  });

  it('rejects a 404 without a notification', async () => {
    stubFetch(() => jsonResponse(404, { detail: 'Risk not found', code: 'not_found' }));
    const error = await apiFetch(THING).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, name: 'not found', code: 'not_found', detail: 'Risk not found' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('shows a 422 detail in a red notification and keeps the field errors', async () => {
    const errors = [{ path: 'name', message: 'Name is required' }];
    stubFetch(() => jsonResponse(422, { detail: 'Invalid input', code: 'unprocessable_content', errors }));
    await expect(apiFetch(THING, { method: 'POST', json: {} })).rejects.toMatchObject({ status: 422, name: 'unprocessable content', errors });
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('Invalid input');
  });

  it('falls back to the status text, then to a generic message', async () => {
    stubFetch(() => new Response('<html>no</html>', { status: 403, statusText: 'Forbidden' }));
    await expect(apiFetch(THING)).rejects.toMatchObject({ status: 403, name: 'forbidden', code: 'forbidden', detail: 'Forbidden' });
    stubFetch(() => new Response('', { status: 409 }));
    await expect(apiFetch(THING)).rejects.toMatchObject({ status: 409, detail: 'An error occurred.' });
    expect(vi.mocked(notifyError).mock.calls).toEqual([['Forbidden'], ['An error occurred.']]);
  });

  it('shows nothing when told not to notify', async () => {
    stubFetch(() => jsonResponse(400, { detail: 'Bad', code: 'bad_request' }));
    await expect(apiFetch(THING, { notify: false })).rejects.toMatchObject({ status: 400 });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('reports client errors with the call, and not server errors', async () => {
    stubFetch(() => jsonResponse(403, { detail: 'Not yours', code: 'forbidden' }));
    const error = await apiFetch(THING, { query: { a: 1 } }).catch((e: unknown) => e);
    expect(reportError).toHaveBeenCalledExactlyOnceWith(error, { url: '/api/thing?a=1', method: 'GET', status: 403, code: 'forbidden' });
  });
});

describe('apiFetch: no answer', () => {
  beforeEach(() => {
    signIn();
  });

  it('turns a failed connection into "Network unavailable", shown and not reported', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiFetch(THING)).rejects.toMatchObject({ status: 0, code: 'network_unavailable', detail: 'Network unavailable' });
    expect(notifyError).toHaveBeenCalledWith('Network unavailable');
    expect(reportError).not.toHaveBeenCalled();
  });

  it('turns a cancellation by the caller into "Canceled request", neither shown nor reported', async () => {
    const controller = new AbortController();
    stubFetch(({ init }) => {
      controller.abort();
      return Promise.reject(init.signal?.reason as Error);
    });
    await expect(apiFetch(THING, { signal: controller.signal })).rejects.toMatchObject({ status: 0, code: 'canceled_request', detail: 'Canceled request' });
    expect(notifyError).not.toHaveBeenCalled();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('turns an aborted connection or a timeout into "Connection timeout"', async () => {
    stubFetch(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    await expect(apiFetch(THING)).rejects.toMatchObject({ code: 'connection_timeout', detail: 'Connection timeout' });
    const timeout = AbortSignal.abort(new DOMException('Timed out', 'TimeoutError'));
    stubFetch(() => Promise.reject(timeout.reason as Error));
    await expect(apiFetch(THING, { signal: timeout })).rejects.toMatchObject({ code: 'connection_timeout', detail: 'Connection timeout' });
    expect(reportError).not.toHaveBeenCalled();
  });

  it('turns any other failure into "An error occurred", and reports it', async () => {
    stubFetch(() => Promise.reject(new Error('something odd')));
    await expect(apiFetch(THING)).rejects.toMatchObject({ status: 0, code: 'no_response', detail: 'An error occurred' });
    expect(reportError).toHaveBeenCalledOnce();
  });
});

describe('apiFetch: server errors', () => {
  const HEALTH = '/api/health';

  function stubServerError(healthStatuses: number[]) {
    let checks = 0;
    return stubFetch(({ url }) => {
      if (url !== HEALTH) return jsonResponse(500, { detail: 'Internal server error', code: 'internal_server' });
      const status = healthStatuses[checks] ?? 503;
      checks += 1;
      return jsonResponse(status, { status: status === 200 ? 'ok' : 'down' });
    });
  }

  it('polls the health check after 500, 1355, 3672 and 9951 ms, then goes to /service-down', async () => {
    vi.useFakeTimers();
    signIn();
    const fetch = stubServerError([]);
    await expect(apiFetch(THING)).rejects.toMatchObject({ status: 500, name: 'internal server' });
    const checks = () => callsTo(fetch, HEALTH).length;

    let expected = 0;
    for (const delay of [500, 1355, 3672, 9951]) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(checks()).toBe(expected);
      expect(browserLocation.assign).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expected += 1;
      expect(checks()).toBe(expected);
    }
    expect(browserLocation.assign).toHaveBeenCalledExactlyOnceWith('/service-down');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checks()).toBe(4);
    expect(notifyError).not.toHaveBeenCalled();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('stays when the health check recovers', async () => {
    vi.useFakeTimers();
    signIn();
    const fetch = stubServerError([503, 200]);
    await expect(apiFetch(THING)).rejects.toMatchObject({ status: 500 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(callsTo(fetch, HEALTH)).toHaveLength(2);
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });

  it('runs one health watch for server errors that arrive together, through the registered navigation', async () => {
    vi.useFakeTimers();
    signIn();
    const navigate = vi.fn();
    setInAppNavigate(navigate);
    const fetch = stubServerError([]);
    await Promise.allSettled([apiFetch(THING), apiFetch(THING), apiFetch(THING)]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(callsTo(fetch, HEALTH)).toHaveLength(4);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/service-down');
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });
});

describe('postForm', () => {
  it('posts a url-encoded body with the XSRF cookie echoed in the header', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-value';
    const fetch = stubFetch(() => jsonResponse(201, { done: true }));
    await expect(postForm('/api/form', new URLSearchParams({ a: '1', b: 'x y' }), { auth: false })).resolves.toEqual({ done: true });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('a=1&b=x+y');
    expect(init?.credentials).toBe('same-origin');
    expect(headersOf(init).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(headersOf(init).get('x-xsrf-token')).toBe('xsrf-value');
  });

  it('sends no XSRF header on a GET', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-value';
    const fetch = stubFetch(() => jsonResponse(200, {}));
    await apiFetch(THING, { auth: false });
    expect(headersOf(fetch.mock.calls[0]?.[1]).has('x-xsrf-token')).toBe(false);
  });
});

describe('apiDownload', () => {
  beforeEach(() => {
    signIn();
  });

  it('resolves with the blob and the file name of Content-Disposition', async () => {
    stubFetch(
      () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="report.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf` },
        }),
    );
    const { blob, filename } = await apiDownload('/api/files/42/download');
    expect(filename).toBe('Résumé.pdf');
    await expect(blob.text()).resolves.toBe('%PDF-1.7');
  });

  it('names the file after the path when the answer does not', async () => {
    stubFetch(() => new Response('x', { status: 200 }));
    await expect(apiDownload('/api/evidence/export.csv?project=1')).resolves.toMatchObject({ filename: 'export.csv' });
  });

  it('reads the error detail from the returned blob', async () => {
    // Node's Response cannot take jsdom's Blob; the body still arrives as a blob through response.blob().
    const body = JSON.stringify({ detail: 'The file is no longer stored', code: 'gone' });
    stubFetch(() => new Response(body, { status: 400, headers: { 'Content-Type': 'application/octet-stream' } }));
    await expect(apiDownload('/api/files/42/download')).rejects.toMatchObject({ status: 400, code: 'gone', detail: 'The file is no longer stored' });
    expect(notifyError).toHaveBeenCalledWith('The file is no longer stored');
  });
});

describe('requireParams', () => {
  it('names the first missing parameter and the operation', () => {
    expect(() => requireParams('getRisk', { projectId: 'p', riskId: undefined, other: null })).toThrow(
      new Error('Required parameter riskId was null or undefined when calling getRisk'),
    );
    expect(() => requireParams('getRisk', { projectId: null })).toThrow('Required parameter projectId was null or undefined when calling getRisk');
  });

  it('accepts falsy values that are present', () => {
    expect(() => requireParams('op', { a: '', b: 0, c: false })).not.toThrow();
  });
});

describe('apiUpload', () => {
  const file = () => new File(['framework_code: ACME'], 'acme.yaml', { type: 'application/yaml' });

  it('sends the file as multipart form data with the token, reporting how far the upload is', async () => {
    const token = signIn();
    const fetch = stubFetch(() => jsonResponse(201, { framework_code: 'ACME' }));
    const progress: (number | null)[] = [];
    await expect(apiUpload(THING, file(), { query: { enabled_by_default: true }, onUploadProgress: (p) => progress.push(p) })).resolves.toEqual({ framework_code: 'ACME' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/thing?enabled_by_default=true');
    expect(init?.method).toBe('POST');
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((init?.body as FormData).get('file') as File).name).toBe('acme.yaml');
    // The browser sets the multipart boundary itself.
    expect(headersOf(init).has('content-type')).toBe(false);
    expect(bearerOf(init)).toBe(`Bearer ${token}`);
    expect(progress).toEqual([0.5, 1]);
  });

  it('rejects a 422 with every problem, lines included, and stays quiet when told to', async () => {
    signIn();
    const problems = [
      { path: '$', message: 'YAML syntax error: bad indentation', line: 3 },
      { path: 'requirements[0].controls[0]', message: 'unknown control MFF-1.XX.99' },
    ];
    stubFetch(() => jsonResponse(422, { detail: 'The template is not valid.', code: 'unprocessable_content', errors: problems }));
    const failure = await apiUpload(THING, file(), { notify: false, onUploadProgress: () => undefined }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).errors).toEqual(problems);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('refreshes after a 401 and sends the file again', async () => {
    signIn();
    let uploads = 0;
    const fetch = stubFetch(({ url }) => {
      if (url === REFRESH) return jsonResponse(200, newPair);
      uploads += 1;
      return uploads === 1 ? jsonResponse(401, { detail: 'Token revoked', code: 'unauthorized' }) : new Response(null, { status: 204 });
    });
    await expect(apiUpload(THING, file(), { onUploadProgress: () => undefined })).resolves.toBeUndefined();
    const sent = callsTo(fetch, THING);
    expect(sent.map((call) => bearerOf(call.init))).toEqual([expect.any(String), `Bearer ${newPair.access_token}`]);
    expect((sent[1]!.init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('says the network is unavailable when the connection fails', async () => {
    signIn();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiUpload(THING, file(), { onUploadProgress: () => undefined, notify: false })).rejects.toMatchObject({ status: 0, code: 'network_unavailable' });
  });
});
