import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { useSyncExternalStore } from 'react';
import type { ChangedEvent, UnreadNotificationsEvent } from '@aegis/contracts';
import { isPageLeaving, onPageHide, onPageShowAgain } from './page-lifecycle';
import { refreshSession } from './refresh';
import { getAccessToken } from './session';

const STREAM_URL = '/api/notifications/unread/stream/';

/** Spec sections 4 and 9: reconnect up to 10 times in a row, 1000 ms apart; a message resets the count. */
export const STREAM_RETRY = { limit: 10, delayMs: 1000 } as const;

// The unread count: a tiny external store, read by React through useSyncExternalStore.
let unreadCount = 0;
const listeners = new Set<() => void>();

function setUnreadCount(count: number): void {
  if (count === unreadCount) return;
  unreadCount = count;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getUnreadCount(): number {
  return unreadCount;
}

/** The live unread-notification count; 0 until the stream's first message and after it stops. */
export function useUnreadCount(): number {
  return useSyncExternalStore(subscribe, getUnreadCount, () => 0);
}

/** Spec section 5: the stream must answer with an event-stream content type, else it is an error. */
export function assertEventStream(response: Response): void {
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith(EventStreamContentType)) {
    throw new Error(`Expected content-type to be ${EventStreamContentType}, Actual: ${type || 'none'} (status ${response.status})`);
  }
  if (!response.ok) throw new Error(`The notification stream answered ${response.status}`);
}

/** A message of the stream the app may act on: the unread count, or a change in a project the user sees. */
export type StreamEvent = UnreadNotificationsEvent | ChangedEvent;

export type StreamOptions = {
  /** Every well-formed message, after the count is published (lib/live-invalidation.ts refreshes queries from them). */
  onEvent?: (event: StreamEvent) => void;
};

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The message as one of ours, or undefined: another shape is ignored rather than dropping the stream. */
export function parseStreamMessage(data: string): StreamEvent | undefined {
  let event: { type?: unknown; count?: unknown; concept?: unknown; project_id?: unknown; object_id?: unknown };
  try {
    event = JSON.parse(data) as typeof event;
  } catch {
    return undefined;
  }
  if (event === null || typeof event !== 'object') return undefined;
  if (event.type === 'unread_notifications' && typeof event.count === 'number') return { type: 'unread_notifications', count: event.count };
  if (event.type === 'changed' && isText(event.concept) && isText(event.project_id) && isText(event.object_id)) {
    return { type: 'changed', concept: event.concept, project_id: event.project_id, object_id: event.object_id };
  }
  return undefined;
}

function readMessage(data: string, options: StreamOptions): void {
  const event = parseStreamMessage(data);
  if (!event) return;
  if (event.type === 'unread_notifications') setUnreadCount(event.count);
  options.onEvent?.(event);
}

type Stream = {
  failures: number;
  attempt: AbortController | null;
  timer: ReturnType<typeof setTimeout> | null;
  /** The access token the open connection was made with. */
  token: string | null;
  options: StreamOptions;
};

let current: Stream | null = null;

function connect(stream: Stream): void {
  const attempt = new AbortController();
  stream.attempt = attempt;
  const token = getAccessToken();
  stream.token = token;
  fetchEventSource(STREAM_URL, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: attempt.signal,
    openWhenHidden: true,
    // Looked up at call time, so tests can stub the global.
    fetch: (input, init) => fetch(input, init),
    onopen: async (response) => assertEventStream(response),
    onmessage: (message) => {
      stream.failures = 0;
      readMessage(message.data, stream.options);
    },
    // Rethrowing stops the library's own retry, which would resend the old token.
    onerror: (error: unknown) => {
      throw error;
    },
  }).then(
    // Resolved: we aborted it, or the server ended the stream (it does when the access token expires).
    () => {
      if (!attempt.signal.aborted) reconnect(stream);
    },
    () => reconnect(stream),
  );
}

function reconnect(stream: Stream): void {
  // A page being left cuts the connection too: that is no failure, and nothing may be refreshed
  // from it (the rotated token would be lost with the page). See suspend() below.
  if (stream !== current || isPageLeaving()) return;
  stream.failures += 1;
  if (stream.failures > STREAM_RETRY.limit) {
    current = null;
    return;
  }
  stream.timer = setTimeout(() => {
    stream.timer = null;
    if (stream !== current || isPageLeaving()) return;
    // Another tab (or call) may have refreshed already: the stored token is then newer than ours.
    const refreshed = getAccessToken() !== stream.token ? Promise.resolve(true) : refreshSession();
    const failed = stream.attempt;
    void refreshed.then(() => {
      // Not if the page was left meanwhile, nor if resume() has connected again already.
      if (stream === current && stream.attempt === failed && !isPageLeaving()) connect(stream);
    });
  }, STREAM_RETRY.delayMs);
}

/** The page is being left: close the connection and cancel a pending reconnect, keeping the stream. */
function suspend(): void {
  if (!current) return;
  if (current.timer) clearTimeout(current.timer);
  current.timer = null;
  current.attempt?.abort();
}

/** Back from the back/forward cache: the stream picks up where it was, with a clean count of failures. */
function resume(): void {
  if (!current) return;
  current.failures = 0;
  connect(current);
}

onPageHide(suspend);
onPageShowAgain(resume);

/** Opens the unread-count stream with the stored access token; a running stream is replaced. */
export function startUnreadStream(options: StreamOptions = {}): void {
  stopUnreadStream();
  const stream: Stream = { failures: 0, attempt: null, timer: null, token: null, options };
  current = stream;
  connect(stream);
}

/** Closes the stream; the count goes back to 0 until a stream's next first message. */
export function stopUnreadStream(): void {
  setUnreadCount(0);
  if (!current) return;
  const stream = current;
  current = null;
  if (stream.timer) clearTimeout(stream.timer);
  stream.attempt?.abort();
}
