import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build({ SENTRY_DSN: 'https://abc123@o1.ingest.sentry.example/42', STATUS_URL: 'https://status.example.com', DOCS_URL: 'https://docs.example.com/aegis' });
});
afterAll(() => t.close());

it('tells the web app the DSN and lets the page reach it, and only it', async () => {
  const config = (await t.app.inject({ method: 'GET', url: '/api/client-config' })).json();
  expect(config).toMatchObject({ sentry_dsn: 'https://abc123@o1.ingest.sentry.example/42', status_url: 'https://status.example.com', docs_url: 'https://docs.example.com/aegis' });
  const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
  expect(csp).toContain("connect-src 'self' https://o1.ingest.sentry.example");
  expect(csp).toContain("worker-src 'self' blob:");
});
