import { expect, test } from '@playwright/test';

test('the server serves the app for client routes, 404 for missing files, and the API docs', async ({ request }) => {
  const route = await request.get('/projects/project-detail/abc');
  expect(route.status()).toBe(200);
  expect(route.headers()['content-type']).toContain('text/html');
  expect(route.headers()['cache-control']).toBe('no-cache');
  expect(await route.text()).toContain('<div id="root">');

  const missing = await request.get('/assets/replaced-chunk-123.js');
  expect(missing.status()).toBe(404);

  const asset = (await route.text()).match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
  const script = await request.get(asset, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(script.status()).toBe(200);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // The build's brotli copy; the request context decodes it back to the script.
  expect(script.headers()['content-encoding']).toBe('br');
  expect(script.headers().vary).toMatch(/accept-encoding/i);
  expect(await script.text()).toContain('import');

  const docs = await request.get('/api/docs/');
  expect(docs.status()).toBe(200);
  const health = await request.get('/api/health');
  expect(await health.json()).toMatchObject({ status: 'ok' });
});
