import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromFailure, apiErrorFromResponse, errorNameForStatus, shouldReport, transportError } from './error-catalogue';

const answer = (status: number, statusText = '') => new Response(null, { status, statusText });

describe('the status catalogue (spec section 8)', () => {
  it.each([
    [400, 'bad request'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not found'],
    [405, 'not allowed'],
    [406, 'not acceptable'],
    [412, 'precondition failed'],
    [413, 'content too large'],
    [415, 'unsupported media type'],
    [422, 'unprocessable content'],
    [500, 'internal server'],
    [501, 'not implemented'],
    [502, 'bad gateway'],
    [503, 'service unavailable'],
  ])('names %i "%s"', (status, name) => {
    expect(errorNameForStatus(status)).toBe(name);
    const error = apiErrorFromResponse(answer(status), { detail: 'd', code: 'c' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, name, detail: 'd', code: 'c', message: 'd' });
  });

  it('names statuses it does not list by their class', () => {
    expect(errorNameForStatus(409)).toBe('request failed');
    expect(errorNameForStatus(504)).toBe('server error');
  });

  it('uses the response detail, else the status text, else a generic message', () => {
    expect(apiErrorFromResponse(answer(400, 'Bad Request'), { detail: 'Name is taken', code: 'conflict' }).detail).toBe('Name is taken');
    expect(apiErrorFromResponse(answer(400, 'Bad Request'), '<html/>')).toMatchObject({ detail: 'Bad Request', code: 'bad_request' });
    expect(apiErrorFromResponse(answer(413), undefined)).toMatchObject({ detail: 'An error occurred.', code: 'content_too_large' });
  });
});

describe('failures without an answer', () => {
  it('gives the spec messages', () => {
    expect(apiErrorFromFailure(new TypeError('Failed to fetch'))).toMatchObject({ status: 0, detail: 'Network unavailable', name: 'network unavailable' });
    expect(apiErrorFromFailure(new DOMException('aborted', 'AbortError'))).toMatchObject({ detail: 'Connection timeout' });
    expect(apiErrorFromFailure(new DOMException('slow', 'TimeoutError'))).toMatchObject({ detail: 'Connection timeout' });
    expect(apiErrorFromFailure(new DOMException('aborted', 'AbortError'), AbortSignal.abort())).toMatchObject({ detail: 'Canceled request', code: 'canceled_request' });
    expect(apiErrorFromFailure('???')).toMatchObject({ detail: 'An error occurred', code: 'no_response' });
  });
});

describe('shouldReport', () => {
  it('leaves out server, gateway, timeout, network and cancel errors', () => {
    for (const status of [500, 501, 502, 503, 504]) expect(shouldReport(new ApiError(status, 'x', 'x'))).toBe(false);
    expect(shouldReport(transportError('timeout'))).toBe(false);
    expect(shouldReport(transportError('network'))).toBe(false);
    expect(shouldReport(transportError('canceled'))).toBe(false);
  });

  it('reports the others', () => {
    for (const status of [400, 401, 403, 404, 422]) expect(shouldReport(new ApiError(status, 'x', 'x'))).toBe(true);
    expect(shouldReport(transportError('noResponse'))).toBe(true);
    expect(shouldReport(new Error('a bug'))).toBe(true);
  });
});
