import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';

// A built web app as the build leaves it: hashed assets with their brotli and gzip copies.
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-web-'));
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Aegis</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const screens = [${Array.from({ length: 400 }, (_, i) => `{ name: "screen ${i}", path: "/screen/${i}" }`).join(', ')}];`;
const ASSET = '/assets/index-Ab12Cd34.js';

function writeWithCopies(relative: string, content: string) {
  const file = path.join(webRoot, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

let t: TestApp;
beforeAll(async () => {
  writeWithCopies('index.html', INDEX_HTML);
  writeWithCopies(ASSET.slice(1), SCRIPT);
  fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await build({}, { webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('built web assets', () => {
  it('sends the brotli copy of a hashed asset, cached for a year as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    // The security headers a file needs; the document's policy (CSP, framing…) comes with the page alone.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('sends the gzip copy to a client that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gzip = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a client route with index.html, compressed, never cached without asking', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/projects/project-detail/abc/settings', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');

    const again = await t.app.inject({ method: 'GET', url: '/status', headers: { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const plain = await t.app.inject({ method: 'GET', url: '/help' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX_HTML);
    expect(plain.headers.etag).not.toBe(response.headers.etag);
  });

  it('lets files with stable names be revalidated, and a missing chunk is a 404', async () => {
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/replaced-Zz99.js', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('API responses', () => {
  it('compresses JSON above 1 KB with the encoding the client prefers', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()) as { openapi: string; paths: object };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).length).toBeGreaterThan(20);

    const user = await t.login('admin@demo.local');
    const templates = `/api/organizations/${await organizationId(t, 'Demo Organization')}/templates`;
    const gzip = await user({ method: 'GET', url: templates, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await user({ method: 'GET', url: templates });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(plain.body.length).toBeGreaterThan(1024);
  });

  it('sends JSON under 1 KB as it is', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/client-config', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ product_name: 'Aegis' });
  });

  it('leaves the notification stream uncompressed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const { access_token } = await t.tokensFor('owner@demo.local');
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/notifications/unread/stream/`, {
      headers: { authorization: `Bearer ${access_token}`, accept: 'text/event-stream', 'accept-encoding': 'br, gzip' },
      signal: controller.signal,
    });
    try {
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(response.headers.get('content-encoding')).toBeNull();
      // Plain text on the wire: read chunks (a ': connected' comment may come alone) up to the first event.
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      for (let chunks = 0; chunks < 10 && !text.includes('unread_notifications'); chunks++) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
      expect(text).toContain(': connected');
      expect(text).toContain('unread_notifications');
    } finally {
      controller.abort();
    }
  });
});
