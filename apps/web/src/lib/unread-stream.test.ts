import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, stubFetch, type FetchCall } from '../testing/fetch-stub';
import { refreshSession } from './refresh';
import { getAccessToken, storeTokens } from './session';
import { assertEventStream, getUnreadCount, startUnreadStream, stopUnreadStream, useUnreadCount } from './unread-stream';

vi.mock('./refresh', () => ({ refreshSession: vi.fn() }));

const STREAM = '/api/notifications/unread/stream/';
const encoder = new TextEncoder();

/** An event stream that sends `text` and then stays open, or ends when `end` is set. */
function eventStream(text: string, { end = false } = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (text) controller.enqueue(encoder.encode(text));
      if (end) controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
}

const unread = (count: number) => `data: {"type":"unread_notifications","count":${count}}\n\n`;
const refused = () => jsonResponse(401, { detail: 'Token expired', code: 'unauthorized' });

/** Stubs fetch with one answer per stream connection, in order; later connections get the last one. */
function stubStream(answers: Array<() => Response>) {
  let connections = 0;
  return stubFetch(({ url }) => {
    if (url !== STREAM) throw new Error(`unexpected call to ${url}`);
    const answer = answers[Math.min(connections, answers.length - 1)]!;
    connections += 1;
    return answer();
  });
}

const streamCalls = (fetch: ReturnType<typeof stubFetch>): FetchCall[] => callsTo(fetch, STREAM);
const bearer = (call: FetchCall | undefined) => new Headers(call?.init.headers).get('authorization');

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  storeTokens({ access_token: 'access-1', refresh_token: 'r-1' });
  let round = 1;
  vi.mocked(refreshSession).mockImplementation(() => {
    round += 1;
    storeTokens({ access_token: `access-${round}`, refresh_token: `r-${round}` });
    return Promise.resolve(true);
  });
});

afterEach(() => {
  stopUnreadStream();
  vi.useRealTimers();
});

describe('assertEventStream', () => {
  it('accepts an event stream and raises an error for anything else', () => {
    expect(() => assertEventStream(eventStream(''))).not.toThrow();
    expect(() => assertEventStream(jsonResponse(200, {}))).toThrow('Expected content-type to be text/event-stream, Actual: application/json (status 200)');
    expect(() => assertEventStream(new Response('x', { status: 200, headers: { 'Content-Type': '' } }))).toThrow(/Actual: none/);
  });
});

describe('the unread stream', () => {
  it('opens with the Bearer token and publishes the count of each message', async () => {
    const fetch = stubStream([() => eventStream(unread(3) + ': heartbeat\n\n' + unread(4))]);
    const { result } = renderHook(() => useUnreadCount());
    expect(result.current).toBe(0);

    await act(async () => {
      startUnreadStream();
      await vi.advanceTimersByTimeAsync(0);
    });

    const [call] = streamCalls(fetch);
    expect(bearer(call)).toBe('Bearer access-1');
    expect(new Headers(call?.init.headers).get('accept')).toBe('text/event-stream');
    expect(result.current).toBe(4);
    expect(refreshSession).not.toHaveBeenCalled();
  });

  it('ignores messages of another shape', async () => {
    stubStream([() => eventStream(unread(2) + 'data: {"type":"other","count":9}\n\ndata: not json\n\n')]);
    startUnreadStream();
    await vi.advanceTimersByTimeAsync(0);
    expect(getUnreadCount()).toBe(2);
  });

  it('hands every message of ours to onEvent, the changes of a project included', async () => {
    const changed = 'data: {"type":"changed","concept":"review","project_id":"p-1","object_id":"o-1"}\n\n';
    stubStream([() => eventStream(unread(1) + changed + 'data: {"type":"changed","concept":"review"}\n\n')]);
    const onEvent = vi.fn();
    startUnreadStream({ onEvent });
    await vi.advanceTimersByTimeAsync(0);
    expect(onEvent.mock.calls).toEqual([[{ type: 'unread_notifications', count: 1 }], [{ type: 'changed', concept: 'review', project_id: 'p-1', object_id: 'o-1' }]]);
    expect(getUnreadCount()).toBe(1);
  });

  it('treats a response that is not an event stream as a failure: after 1000 ms refreshes, then reconnects', async () => {
    const fetch = stubStream([refused, () => eventStream(unread(1))]);
    startUnreadStream();
    await vi.advanceTimersByTimeAsync(0);
    // The spec's delay before reconnecting.
    expect(refreshSession).not.toHaveBeenCalled();
    expect(streamCalls(fetch)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(refreshSession).not.toHaveBeenCalled();
    expect(streamCalls(fetch)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshSession).toHaveBeenCalledOnce();
    expect(streamCalls(fetch)).toHaveLength(2);
    expect(bearer(streamCalls(fetch)[1])).toBe(`Bearer ${getAccessToken()}`);
    expect(getAccessToken()).toBe('access-2');
    expect(getUnreadCount()).toBe(1);
  });

  it('reconnects with a fresh token when the server ends the stream', async () => {
    const fetch = stubStream([() => eventStream(unread(5), { end: true }), () => eventStream(unread(6))]);
    startUnreadStream();
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshSession).toHaveBeenCalledOnce();
    expect(streamCalls(fetch).map(bearer)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(getUnreadCount()).toBe(6);
  });

  it('reconnects when the network fails, even if the refresh fails too', async () => {
    vi.mocked(refreshSession).mockResolvedValue(false);
    let calls = 0;
    const fetch = stubFetch(() => (++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : eventStream(unread(1))));
    startUnreadStream();
    await vi.advanceTimersByTimeAsync(1000);
    expect(streamCalls(fetch)).toHaveLength(2);
    expect(getUnreadCount()).toBe(1);
  });

  it('gives up after 10 reconnects that fail in a row', async () => {
    const fetch = stubStream([refused]);
    startUnreadStream();
    await vi.advanceTimersByTimeAsync(60_000);
    // The first connection and 10 reconnects; the 11th failure in a row ends it.
    expect(streamCalls(fetch)).toHaveLength(11);
    expect(refreshSession).toHaveBeenCalledTimes(10);
  });

  it('starts counting failures again after any message', async () => {
    // 9 failures, then a stream that delivers a message and ends, then failures again.
    const answers = [...Array.from({ length: 9 }, () => refused), () => eventStream(unread(7), { end: true }), refused];
    const fetch = stubStream(answers);
    startUnreadStream();
    await vi.advanceTimersByTimeAsync(120_000);
    // Without the reset it would stop at 11 connections; with it, the end after the message counts
    // as failure 1, and 10 more failures follow before the 11th in a row ends it: 10 + 10 = 20.
    expect(streamCalls(fetch)).toHaveLength(20);
    expect(getUnreadCount()).toBe(7);
  });

  it('stops: closes the connection, reconnects no more and goes back to 0', async () => {
    const fetch = stubStream([() => eventStream(unread(3))]);
    startUnreadStream();
    await vi.advanceTimersByTimeAsync(0);
    expect(getUnreadCount()).toBe(3);
    stopUnreadStream();
    expect(streamCalls(fetch)[0]?.init.signal?.aborted).toBe(true);
    expect(getUnreadCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(streamCalls(fetch)).toHaveLength(1);
    expect(refreshSession).not.toHaveBeenCalled();
  });

  it('cancels a pending reconnect when stopped', async () => {
    const fetch = stubStream([refused]);
    startUnreadStream();
    await vi.advanceTimersByTimeAsync(500);
    stopUnreadStream();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(streamCalls(fetch)).toHaveLength(1);
  });

  it('keeps one stream at a time: starting again replaces the running one', async () => {
    const fetch = stubStream([() => eventStream(unread(1))]);
    startUnreadStream();
    await vi.advanceTimersByTimeAsync(0);
    startUnreadStream();
    await vi.advanceTimersByTimeAsync(5_000);
    const calls = streamCalls(fetch);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    expect(calls[1]?.init.signal?.aborted).toBe(false);
    expect(refreshSession).not.toHaveBeenCalled();
  });

  it('does not refresh when another tab refreshed meanwhile: it reconnects with the stored token', async () => {
    const fetch = stubStream([() => eventStream(unread(1), { end: true }), () => eventStream(unread(2))]);
    startUnreadStream();
    await vi.advanceTimersByTimeAsync(0);
    storeTokens({ access_token: 'access-from-other-tab', refresh_token: 'r-other' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshSession).not.toHaveBeenCalled();
    expect(streamCalls(fetch).map(bearer)).toEqual(['Bearer access-1', 'Bearer access-from-other-tab']);
  });
});

describe('the unread stream while the page is being left', () => {
  afterEach(() => {
    window.dispatchEvent(new Event('pageshow'));
  });

  it('closes on pagehide and neither refreshes nor reconnects, not even after the delay', async () => {
    const fetch = stubStream([() => eventStream(unread(4))]);
    startUnreadStream();
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('pagehide'));
    expect(streamCalls(fetch)[0]?.init.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refreshSession).not.toHaveBeenCalled();
    expect(streamCalls(fetch)).toHaveLength(1);
  });

  it('cancels a reconnect that was pending when the page started being left', async () => {
    const fetch = stubStream([refused]);
    startUnreadStream();
    await vi.advanceTimersByTimeAsync(500);
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refreshSession).not.toHaveBeenCalled();
    expect(streamCalls(fetch)).toHaveLength(1);
  });

  it('opens again when the page comes back from the back/forward cache', async () => {
    const fetch = stubStream([() => eventStream(unread(4))]);
    startUnreadStream();
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pageshow'));
    await vi.advanceTimersByTimeAsync(0);
    expect(streamCalls(fetch)).toHaveLength(2);
    expect(streamCalls(fetch)[1]?.init.signal?.aborted).toBe(false);
    expect(refreshSession).not.toHaveBeenCalled();
  });
});
