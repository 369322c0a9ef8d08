import { render, screen, waitFor } from '@testing-library/react';
import { isValidElement, StrictMode, type ComponentType } from 'react';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@aegis/contracts';
import { SOA_FRAMEWORK as SCOPING_SOA_FRAMEWORK } from '../features/applicability/screens/scoping-screen';
import { stubApplicabilityApi } from '../features/applicability/testing/applicability-api';
import { ASSESSED, buildSoa } from '../features/applicability/testing/applicability-fixtures';
import { signIn } from '../testing/app-api';
import { buildCurrentUser, buildProject, DEMO_ORGANIZATION } from '../testing/factories';
import { jsonResponse } from '../testing/fetch-stub';
import { stubScreenWidth } from '../testing/match-media';
import { App } from './app';
import { createAppRouter } from './boot';
import { preloadFirstScreen, SOA_FRAMEWORK, storedRights } from './first-screen-preload';
import type { LazyScreen } from './lazy-screen';
import { createQueryClient } from './query-client';
import { createRoutes } from './router';

vi.mock('../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const project = buildProject({
  frameworks: [
    { framework_code: 'EU_AI_ACT', name: 'EU AI Act' },
    { framework_code: 'ISO_IEC_42001', name: 'ISO/IEC 42001' },
  ],
});
const base = `/api/projects/${project.id}`;
const scoping = `/projects/project-detail/${project.id}/scoping`;
const controlPage = `/projects/project-detail/${project.id}/control-detail/GOV-1`;
const withRights = (rights: string[]): CurrentUser => buildCurrentUser({ project_rights: { [project.id]: rights } });

/**
 * The app booted as main.tsx boots it (createAppRouter), on a memory router at `url`, with GET /api/users/me held
 * until `answerSession` is called: what the page asks for meanwhile runs beside the session check.
 */
function boot(url: string, { user = withRights(project.rights), stub = {} }: { user?: CurrentUser; stub?: Partial<Parameters<typeof stubApplicabilityApi>[0]> } = {}) {
  signIn(user);
  stubApplicabilityApi({
    project,
    settings: ASSESSED,
    soa: buildSoa([]).items,
    ...stub,
    handle: (call) => {
      if (call.url === `${base}/controls/GOV-1`) return jsonResponse(200, { id: 'c1' });
      return stub.handle?.(call);
    },
  });
  const inner = globalThis.fetch;
  let answerSession = () => {};
  const session = new Promise<void>((resolve) => (answerSession = resolve));
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(String(input).split('?')[0]!);
      return String(input) === '/api/users/me' ? session.then(() => inner(input, init)) : inner(input, init);
    }),
  );
  stubScreenWidth(1280);
  const queryClient = createQueryClient({ retry: false });
  const router = createAppRouter(queryClient, url, (routes) => createMemoryRouter(routes, { initialEntries: [url] }));
  render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  return { urls, answerSession, queryClient };
}

afterEach(() => localStorage.clear());

describe('a deep link or a reload', () => {
  it('asks for the project and the scoping page’s data while the session is still being checked, each once', async () => {
    const { urls, answerSession } = await boot(scoping);
    await waitFor(() => expect(urls).toEqual(expect.arrayContaining([`${base}`, `${base}/eu_ai_act_settings`, `${base}/frameworks-questionnaires`])));
    // The statement of applicability needs the project's frameworks: asked as soon as the project arrived.
    await waitFor(() => expect(urls).toContain(`${base}/statement-of-applicability`));
    expect(urls.filter((u) => u === '/api/users/me')).toHaveLength(1);

    answerSession();
    await screen.findByRole('heading', { name: 'Classification' }, { timeout: 10_000 });
    await screen.findByRole('heading', { name: 'Statement of applicability' });
    // The screen found the data in the cache: no second request when it mounted.
    for (const path of [base, `${base}/eu_ai_act_settings`, `${base}/frameworks-questionnaires`, `${base}/statement-of-applicability`]) {
      expect(urls.filter((u) => u === path), path).toHaveLength(1);
    }
  });

  it('asks for a control beside the session check', async () => {
    const { urls } = await boot(controlPage);
    await waitFor(() => expect(urls).toEqual(expect.arrayContaining([`${base}`, `${base}/controls/GOV-1`])));
    expect(urls).not.toContain(`${base}/eu_ai_act_settings`);
  });

  it('asks only for the project when the stored profile gives no right on it (no request the screen would answer 403)', async () => {
    const { urls } = await boot(scoping, { user: withRights([]) });
    await waitFor(() => expect(urls).toContain(base));
    expect(urls).not.toContain(`${base}/eu_ai_act_settings`);
    expect(urls).not.toContain(`${base}/frameworks-questionnaires`);
  });
});

describe('preloadFirstScreen', () => {
  it('starts the chunks of the screen in the URL at once: the project’s frame and its tab', () => {
    const routes = createRoutes(createQueryClient());
    const lazy = (matchRoutes(routes, scoping) ?? [])
      .map((match) => match.route.element)
      .filter(isValidElement)
      .map((element) => element.type as LazyScreen<ComponentType>)
      .filter((type) => typeof type.preload === 'function');
    expect(lazy).toHaveLength(2);
    const spies = lazy.map((type) => vi.spyOn(type, 'preload').mockImplementation(() => undefined));
    preloadFirstScreen(createQueryClient(), routes, scoping);
    for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
    for (const spy of spies) spy.mockRestore();
  });

  it('starts the data of the first navigation only, and only for the URL it booted on', () => {
    signIn(withRights(project.rights));
    const queryClient = createQueryClient();
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue();
    const other = preloadFirstScreen(queryClient, createRoutes(queryClient), scoping);
    other.onAccessToken('/projects');
    other.onAccessToken(scoping);
    expect(prefetch).not.toHaveBeenCalled();
    const first = preloadFirstScreen(queryClient, createRoutes(queryClient), scoping);
    first.onAccessToken(scoping);
    const count = prefetch.mock.calls.length;
    expect(count).toBeGreaterThan(0);
    first.onAccessToken(scoping);
    expect(prefetch).toHaveBeenCalledTimes(count);
  });
});

describe('storedRights', () => {
  it('reads the project’s rights, or every right through full access', () => {
    expect(storedRights(null, project.id)('controls:read')).toBe(false);
    expect(storedRights(withRights(['controls:read']), project.id)('controls:read')).toBe(true);
    expect(storedRights(withRights(['controls:read']), 'another')('controls:read')).toBe(false);
    const admin = buildCurrentUser({ organization_rights: { [DEMO_ORGANIZATION.id]: ['projects:full_access'] }, project_rights: {} });
    expect(storedRights(admin, project.id)('risks:read')).toBe(true);
    // A profile stored by an older version, without project rights, gives none.
    expect(storedRights({ ...withRights([]), project_rights: undefined } as unknown as CurrentUser, project.id)('risks:read')).toBe(false);
  });

  it('names the statement of applicability’s framework as the scoping screen does', () => {
    expect(SOA_FRAMEWORK).toBe(SCOPING_SOA_FRAMEWORK);
  });
});

