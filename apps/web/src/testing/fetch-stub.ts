import { vi } from 'vitest';
import { FetchBackedXhr } from './xhr-stub';

export type FetchCall = { url: string; init: RequestInit };
type Handler = (call: FetchCall) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces the global fetch with a handler; the returned mock records every call. Uploads that report
 * progress (sent with XMLHttpRequest) reach the same handler.
 */
export function stubFetch(handler: Handler) {
  const mock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => Promise.resolve(handler({ url: String(input), init })));
  vi.stubGlobal('fetch', mock);
  vi.stubGlobal('XMLHttpRequest', FetchBackedXhr);
  return mock;
}

export function callsTo(mock: ReturnType<typeof stubFetch>, url: string): FetchCall[] {
  return mock.mock.calls.filter(([input]) => String(input) === url).map(([input, init]) => ({ url: String(input), init: init ?? {} }));
}
