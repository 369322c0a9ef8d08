import { expect, test } from '@playwright/test';

test('the server serves the app for client routes, 404 for missing files, and the API docs', async ({ request }) => {
  const route = await request.get('/projects/project-detail/abc');
  expect(route.status()).toBe(200);
  expect(route.headers()['content-type']).toContain('text/html');
  expect(await route.text()).toContain('<div id="root">');

  const missing = await request.get('/assets/replaced-chunk-123.js');
  expect(missing.status()).toBe(404);

  const asset = (await route.text()).match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
  const script = await request.get(asset);
  expect(script.status()).toBe(200);
  expect(script.headers()['cache-control']).toContain('immutable');

  const docs = await request.get('/api/docs/');
  expect(docs.status()).toBe(200);
  const health = await request.get('/api/health');
  expect(await health.json()).toMatchObject({ status: 'ok' });
});
