import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@aegis/contracts';
import { ApiError } from '../../lib/errors';
import { buildCurrentUser, buildOrganizationConfig, DEMO_ORGANIZATION } from '../../testing/factories';
import { runSessionGuard, type SessionGuardDeps } from './session-guard';

const target = { isPublic: false, path: '/projects?page=2' };

/** Fakes of a signed-in browser whose user and config load; each test changes what it needs. */
function fakeDeps(overrides: Partial<SessionGuardDeps> = {}) {
  const user = buildCurrentUser();
  return {
    getStoredUser: vi.fn<SessionGuardDeps['getStoredUser']>(() => user),
    storeUser: vi.fn<SessionGuardDeps['storeUser']>(),
    hasValidAccessToken: vi.fn<SessionGuardDeps['hasValidAccessToken']>(() => true),
    refreshSession: vi.fn<SessionGuardDeps['refreshSession']>(() => Promise.resolve(true)),
    loadCurrentUser: vi.fn<SessionGuardDeps['loadCurrentUser']>(() => Promise.resolve(user)),
    loadOrganizationConfig: vi.fn<SessionGuardDeps['loadOrganizationConfig']>(() => Promise.resolve(buildOrganizationConfig())),
    isServiceUnavailable: vi.fn<SessionGuardDeps['isServiceUnavailable']>((error) => error instanceof ApiError && error.status >= 500),
    ...overrides,
  };
}

describe('runSessionGuard', () => {
  it('lets a signed-in user with an organization through after loading the user and the config', async () => {
    const deps = fakeDeps();
    await expect(runSessionGuard(target, deps)).resolves.toEqual({ action: 'continue' });
    expect(deps.refreshSession).not.toHaveBeenCalled();
    expect(deps.loadCurrentUser).toHaveBeenCalledTimes(1);
    expect(deps.storeUser).toHaveBeenCalledWith(expect.objectContaining({ email: 'admin@demo.local' }));
    expect(deps.loadOrganizationConfig).toHaveBeenCalledWith(DEMO_ORGANIZATION.id);
  });

  it('checks nothing on a public route', async () => {
    const deps = fakeDeps({ getStoredUser: vi.fn(() => buildCurrentUser({ terms_accepted: false })), hasValidAccessToken: vi.fn(() => false) });
    await expect(runSessionGuard({ ...target, isPublic: true }, deps)).resolves.toEqual({ action: 'continue' });
    expect(deps.refreshSession).not.toHaveBeenCalled();
    expect(deps.loadCurrentUser).not.toHaveBeenCalled();
  });

  it('1. sends a stored user who has not accepted the terms to /terms, remembering where they were going', async () => {
    const deps = fakeDeps({ getStoredUser: vi.fn(() => buildCurrentUser({ terms_accepted: false })), hasValidAccessToken: vi.fn(() => false) });
    await expect(runSessionGuard(target, deps)).resolves.toEqual({ action: 'redirect', to: '/terms?redirect=%2Fprojects%3Fpage%3D2' });
    // Before anything else: no refresh, no load.
    expect(deps.refreshSession).not.toHaveBeenCalled();
    expect(deps.loadCurrentUser).not.toHaveBeenCalled();
  });

  it('1. also sends a freshly loaded user who has not accepted the terms to /terms', async () => {
    const deps = fakeDeps({ getStoredUser: vi.fn(() => null), loadCurrentUser: vi.fn(() => Promise.resolve(buildCurrentUser({ terms_accepted: false }))) });
    await expect(runSessionGuard(target, deps)).resolves.toMatchObject({ action: 'redirect', to: expect.stringMatching(/^\/terms\?/) });
    expect(deps.loadOrganizationConfig).not.toHaveBeenCalled();
  });

  it('2. refreshes an expired access token and carries on when that works', async () => {
    const valid = vi.fn().mockReturnValueOnce(false).mockReturnValue(true);
    const deps = fakeDeps({ hasValidAccessToken: valid });
    await expect(runSessionGuard(target, deps)).resolves.toEqual({ action: 'continue' });
    expect(deps.refreshSession).toHaveBeenCalledTimes(1);
    expect(deps.loadCurrentUser).toHaveBeenCalled();
  });

  it('2. logs out when the refresh fails', async () => {
    const deps = fakeDeps({ hasValidAccessToken: vi.fn(() => false), refreshSession: vi.fn(() => Promise.resolve(false)) });
    await expect(runSessionGuard(target, deps)).resolves.toEqual({ action: 'logout' });
    expect(deps.loadCurrentUser).not.toHaveBeenCalled();
  });

  it('2. logs out when the refresh throws, or leaves no valid access token', async () => {
    const throwing = fakeDeps({ hasValidAccessToken: vi.fn(() => false), refreshSession: vi.fn(() => Promise.reject(new Error('boom'))) });
    await expect(runSessionGuard(target, throwing)).resolves.toEqual({ action: 'logout' });
    const empty = fakeDeps({ hasValidAccessToken: vi.fn(() => false), refreshSession: vi.fn(() => Promise.resolve(true)) });
    await expect(runSessionGuard(target, empty)).resolves.toEqual({ action: 'logout' });
  });

  it('3. sends a stored user without an organization to /no-organization', async () => {
    const deps = fakeDeps({ getStoredUser: vi.fn(() => buildCurrentUser({ organization: null })) });
    await expect(runSessionGuard(target, deps)).resolves.toEqual({ action: 'redirect', to: '/no-organization' });
    expect(deps.loadCurrentUser).not.toHaveBeenCalled();
  });

  it('3. sends a freshly loaded user without an organization to /no-organization', async () => {
    const deps = fakeDeps({ getStoredUser: vi.fn(() => null), loadCurrentUser: vi.fn(() => Promise.resolve(buildCurrentUser({ organization: null }))) });
    await expect(runSessionGuard(target, deps)).resolves.toEqual({ action: 'redirect', to: '/no-organization' });
    expect(deps.loadOrganizationConfig).not.toHaveBeenCalled();
  });

  it('4. logs out when the user cannot be loaded', async () => {
    const deps = fakeDeps({ loadCurrentUser: vi.fn(() => Promise.reject(new ApiError(403, 'forbidden', 'No'))) });
    await expect(runSessionGuard(target, deps)).resolves.toEqual({ action: 'logout' });
    expect(deps.storeUser).not.toHaveBeenCalled();
  });

  it('4. logs out when the organization config cannot be loaded', async () => {
    const deps = fakeDeps({ loadOrganizationConfig: vi.fn(() => Promise.reject(new ApiError(404, 'not_found', 'Organization not found'))) });
    await expect(runSessionGuard(target, deps)).resolves.toEqual({ action: 'logout' });
  });

  it('4. goes to /service-down instead of logging out when the server is down', async () => {
    const deps = fakeDeps({ loadCurrentUser: vi.fn(() => Promise.reject(new ApiError(503, 'service_unavailable', 'Down'))) });
    await expect(runSessionGuard(target, deps)).resolves.toEqual({ action: 'redirect', to: '/service-down' });
  });

  it('4. asks for the stored organization’s config beside the user, not after it (a deep link’s first screen waits for both)', async () => {
    let answerUser: (user: CurrentUser) => void = () => {};
    const deps = fakeDeps({ loadCurrentUser: vi.fn(() => new Promise<CurrentUser>((resolve) => (answerUser = resolve))) });
    const outcome = runSessionGuard(target, deps);
    await Promise.resolve();
    expect(deps.loadCurrentUser).toHaveBeenCalledTimes(1);
    expect(deps.loadOrganizationConfig).toHaveBeenCalledWith(DEMO_ORGANIZATION.id);
    answerUser(buildCurrentUser());
    await expect(outcome).resolves.toEqual({ action: 'continue' });
  });

  it('hears of a usable access token before the user loads, and not when the session cannot go on or goes elsewhere', async () => {
    const order: string[] = [];
    const deps = fakeDeps({ onAccessToken: vi.fn(() => order.push('token')), loadCurrentUser: vi.fn(() => (order.push('user'), Promise.resolve(buildCurrentUser()))) });
    await expect(runSessionGuard(target, deps)).resolves.toEqual({ action: 'continue' });
    expect(order).toEqual(['token', 'user']);

    const loggedOut = fakeDeps({ onAccessToken: vi.fn(), hasValidAccessToken: vi.fn(() => false), refreshSession: vi.fn(() => Promise.resolve(false)) });
    await runSessionGuard(target, loggedOut);
    const toTerms = fakeDeps({ onAccessToken: vi.fn(), getStoredUser: vi.fn(() => buildCurrentUser({ terms_accepted: false })) });
    await runSessionGuard(target, toTerms);
    const noOrganization = fakeDeps({ onAccessToken: vi.fn(), getStoredUser: vi.fn(() => buildCurrentUser({ organization: null })) });
    await runSessionGuard(target, noOrganization);
    const publicRoute = fakeDeps({ onAccessToken: vi.fn() });
    await runSessionGuard({ ...target, isPublic: true }, publicRoute);
    for (const skipped of [loggedOut, toTerms, noOrganization, publicRoute]) expect(skipped.onAccessToken).not.toHaveBeenCalled();
  });
});
