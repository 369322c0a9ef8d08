import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildClientConfig, buildCurrentUser } from '../testing/factories';
import { storeUser } from './session';

const sdk = vi.hoisted(() => ({
  init: vi.fn(),
  captureException: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
  replayIntegration: vi.fn(() => ({ name: 'Replay' })),
}));
vi.mock('@sentry/react', () => sdk);

// The module keeps whether reporting is on; each test starts from a fresh copy.
async function load() {
  vi.resetModules();
  return import('./error-reporting');
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('error reporting', () => {
  it('stays off, without loading the SDK, when no DSN is configured', async () => {
    const { initErrorReporting, reportError } = await load();
    reportError(new Error('early'));
    await initErrorReporting(buildClientConfig({ sentry_dsn: null }));
    reportError(new Error('later'));
    expect(sdk.init).not.toHaveBeenCalled();
    expect(sdk.captureException).not.toHaveBeenCalled();
  });

  it('starts Sentry with the spec settings when a DSN is configured', async () => {
    const { initErrorReporting } = await load();
    await initErrorReporting(buildClientConfig({ sentry_dsn: 'https://key@sentry.example.com/1' }));
    expect(sdk.init).toHaveBeenCalledExactlyOnceWith({
      dsn: 'https://key@sentry.example.com/1',
      release: 'v1.2.6',
      environment: 'prod',
      tracesSampleRate: 1.0,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1.0,
      integrations: [{ name: 'BrowserTracing' }, { name: 'Replay' }],
    });
  });

  it('starts once however often it is asked', async () => {
    const { initErrorReporting } = await load();
    const config = buildClientConfig({ sentry_dsn: 'https://key@sentry.example.com/1' });
    await Promise.all([initErrorReporting(config), initErrorReporting(config)]);
    await initErrorReporting(config);
    expect(sdk.init).toHaveBeenCalledOnce();
  });

  it('sends errors with the organization id and name of the stored user, including those from before the start', async () => {
    const { initErrorReporting, reportError } = await load();
    const early = new Error('before the config arrived');
    reportError(early);
    storeUser(buildCurrentUser({ organization: { id: 'org-7', name: 'Acme' } }));
    await initErrorReporting(buildClientConfig({ sentry_dsn: 'https://key@sentry.example.com/1' }));
    const late = new Error('after');
    reportError(late, { url: '/api/x' });
    expect(sdk.captureException.mock.calls).toEqual([
      [early, { tags: {} }],
      [late, { tags: { organization_id: 'org-7', organization_name: 'Acme' }, extra: { url: '/api/x' } }],
    ]);
  });
});
