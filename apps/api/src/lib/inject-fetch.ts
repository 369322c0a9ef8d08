import type { FastifyInstance } from 'fastify';

type FetchOptions = { method: string; headers: Record<string, string>; body?: unknown };

/**
 * A fetch that answers from this very app through `inject`, without a network hop. The relying party
 * reaches the embedded provider this way, so sign-in works even where the server cannot call its own
 * public URL (behind a proxy, or in tests that never listen).
 */
export function injectFetch(app: FastifyInstance) {
  return async (url: string, options: FetchOptions): Promise<Response> => {
    const target = new URL(url);
    const body = options.body;
    const response = await app.inject({
      method: options.method as 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host },
      ...(body === undefined || body === null ? {} : { payload: body instanceof URLSearchParams ? body.toString() : (body as string) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const noBody = [101, 204, 205, 304].includes(response.statusCode);
    return new Response(noBody ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}
