import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Cookie = { name: string; value: string; path: string };

/**
 * Just enough of a browser for HTTP-level journeys: a cookie jar (with paths) over `inject`.
 * Redirects are not followed automatically, so each hop can be asserted.
 */
export class TestBrowser {
  private cookies = new Map<string, Cookie>();

  constructor(private readonly app: FastifyInstance) {}

  cookie(name: string): string | undefined {
    return [...this.cookies.values()].find((c) => c.name === name)?.value;
  }

  private cookieHeader(url: string): string {
    const path = url.split('?')[0]!;
    return [...this.cookies.values()]
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private store(response: LightMyRequestResponse) {
    const header = response.headers['set-cookie'];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) || '/';
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && new Date(a.slice(8)) < new Date()));
      const key = `${name}|${path}`;
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const url = options.url.replace(/^https?:\/\/[^/]+/, '');
    const cookie = this.cookieHeader(url);
    const response = await this.app.inject({
      ...options,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...(options.headers ?? {}) },
    });
    this.store(response);
    return response;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }

  postForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request({
      method: 'POST',
      url,
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  }

  /** Follows redirects from `url` while they stay on this app; returns the last response. */
  async follow(url: string, maxHops = 10): Promise<LightMyRequestResponse> {
    let response = await this.get(url);
    for (let hop = 0; hop < maxHops && [301, 302, 303, 307].includes(response.statusCode); hop++) {
      const location = String(response.headers.location);
      if (!location.startsWith('/') && !location.startsWith('http://localhost:3000/')) return response;
      if (/\/oauth2-(signup-)?redirect/.test(location)) return response;
      response = await this.get(location);
    }
    return response;
  }
}

export function hiddenField(html: string, name: string): string {
  const match = html.match(new RegExp(`name="${name}" value="([^"]*)"`));
  if (!match) throw new Error(`No hidden field ${name} in page`);
  return match[1]!;
}

export function formAction(html: string): string {
  const match = html.match(/<form method="post" action="([^"]+)"/);
  if (!match) throw new Error('No form in page');
  return match[1]!;
}
