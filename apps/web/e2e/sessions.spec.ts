import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { collectBrowserErrors, signIn, tokenFor } from './support';

// Issue 10: sessions survive reloads and tabs past the 15-minute access token; deep links survive sign-in.

const PAST_ACCESS_EXPIRY = '16:00';
const PROJECT = 'Credit Scoring Model';

/** Every refresh any tab of the context sends: when it went out, when its answer came, and the status. */
function watchRefreshes(context: BrowserContext) {
  const sent: string[] = [];
  const statuses: number[] = [];
  const spans: { start: number; end?: number }[] = [];
  const open = new Map<object, { start: number; end?: number }>();
  const isRefresh = (url: string) => new URL(url).pathname === '/api/auth/refresh';
  context.on('request', (request) => {
    if (request.method() !== 'POST' || !isRefresh(request.url())) return;
    sent.push(request.url());
    const span = { start: Date.now() };
    spans.push(span);
    open.set(request, span);
  });
  context.on('response', (response) => {
    if (!isRefresh(response.url())) return;
    statuses.push(response.status());
    const span = open.get(response.request());
    if (span) span.end = Date.now();
  });
  return { sent, statuses, spans };
}

/** The page's access token is accepted: the server checks on each call that its session (family) is open. */
async function expectSessionOpen(request: APIRequestContext, page: Page) {
  const accessToken = await page.evaluate(() => localStorage.getItem('access_token'));
  const status = await request.get('/api/auth/token/status', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(status.status()).toBe(200);
  expect(await status.json()).toMatchObject({ valid: true });
}

/** A click on a link of the main menu: the route guard runs and, with an expired token, refreshes. */
async function openProjects(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Projects' }).click();
  await expect(page).toHaveURL('/projects');
  await expect(page.getByRole('link', { name: PROJECT })).toBeVisible();
}

/** The embedded provider's form, reached from our login page. */
async function signInFromLoginPage(page: Page, email: string) {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function seededProjectId(request: APIRequestContext): Promise<string> {
  const token = await tokenFor(request, 'owner@demo.local');
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/users/me', { headers })).json()) as { organization: { id: string } };
  const list = (await (await request.get(`/api/organizations/${me.organization.id}/projects?name=Credit%20Scoring`, { headers })).json()) as {
    items: { id: string }[];
  };
  return list.items[0]!.id;
}

test('a reload, then the access token expiring, does not sign the user out', async ({ page, context, request }) => {
  const errors = collectBrowserErrors(page);
  await context.clock.install();
  const streamOpened = page.waitForRequest((r) => r.url().includes('/api/notifications/unread/stream/'));
  await signIn(page, 'admin@demo.local');
  await streamOpened;

  const refreshes = watchRefreshes(context);
  await page.reload();
  await expect(page.getByText('Hello, Alice Admin!')).toBeVisible();
  // The page being left refreshed nothing: its notification stream was cut, and it did not reconnect.
  expect(refreshes.sent).toEqual([]);

  await context.clock.fastForward(PAST_ACCESS_EXPIRY);
  await openProjects(page);
  expect(refreshes.statuses).toEqual([200]);
  await expectSessionOpen(request, page);
  expect(errors).toEqual([]);
});

test('two tabs past the access token expiry refresh once between them, and both stay signed in', async ({ page, context, request }) => {
  await context.clock.install();
  await signIn(page, 'admin@demo.local');
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByText('Hello, Alice Admin!')).toBeVisible();

  // A slow refresh, so the tabs' refreshes overlap: the second must wait its turn and take the first's pair.
  await context.route('**/api/auth/refresh', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  const refreshes = watchRefreshes(context);
  await context.clock.fastForward(PAST_ACCESS_EXPIRY);
  await Promise.all([openProjects(page), openProjects(second)]);

  // The tabs took turns: no refresh went out before the one before it was answered. Usually the tab
  // that waited takes the pair the first one stored; Chromium shares localStorage between tabs
  // asynchronously, so it may still read the old token and refresh again, which the server's grace
  // window answers with a pair rather than a revoked session.
  expect(refreshes.sent.length).toBeGreaterThanOrEqual(1);
  expect(refreshes.sent.length).toBeLessThanOrEqual(2);
  expect(refreshes.statuses.every((status) => status === 200)).toBe(true);
  refreshes.spans.slice(1).forEach((span, i) => expect(span.start).toBeGreaterThanOrEqual(refreshes.spans[i]!.end!));
  // Both tabs end up holding the same, current pair, and the server still has the session open.
  const tokens = (p: Page) => p.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('refresh_token')]);
  await expect.poll(async () => JSON.stringify(await tokens(second))).toBe(JSON.stringify(await tokens(page)));
  await expectSessionOpen(request, page);
  await expectSessionOpen(request, second);
});

test('a session ended by the server sends the user to sign in with a word, and back to the page after', async ({ page, context, request }) => {
  await context.clock.install();
  await signIn(page, 'admin@demo.local');
  await openProjects(page);
  // Someone replays the refresh token after its successor was used: the server revokes the family.
  const stolen = await page.evaluate(() => localStorage.getItem('refresh_token'));
  const refresh = async (token: string | null) => {
    // Once the server has set its session cookie in this client, a POST must echo the XSRF cookie.
    const xsrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
    const headers: Record<string, string> = xsrf ? { 'x-xsrf-token': xsrf } : {};
    return request.post('/api/auth/refresh', { form: { grant_type: 'refresh_token', refresh_token: token ?? '' }, headers });
  };
  const successor = ((await (await refresh(stolen)).json()) as { refresh_token: string }).refresh_token;
  expect((await refresh(successor)).status()).toBe(200);
  const replayed = await refresh(stolen);
  // RFC 6749 §5.2: a revoked grant is 400 invalid_grant.
  expect(replayed.status()).toBe(400);
  expect(((await replayed.json()) as { error: string }).error).toBe('invalid_grant');

  // The next call finds the session ended: one of the page's own (the unread count, the stream) may
  // come first, else opening Projects again does. Either way the page to come back to is /projects.
  await context.clock.fastForward(PAST_ACCESS_EXPIRY);
  await page
    .getByRole('navigation', { name: 'Main' })
    .first()
    .getByRole('link', { name: 'Projects' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('status')).toHaveText('Your session ended; sign in again to continue.');

  await signInFromLoginPage(page, 'admin@demo.local');
  await expect(page).toHaveURL('/projects');
  await expect(page.getByRole('link', { name: PROJECT })).toBeVisible();
});

test('signed out, a deep link lands on its page after signing in', async ({ page, request }) => {
  const errors = collectBrowserErrors(page);
  const settings = `/projects/project-detail/${await seededProjectId(request)}/settings`;

  await page.goto(settings);
  await expect(page).toHaveURL('/login');
  // A visitor who had no session is not told that one ended.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Your session ended')).toHaveCount(0);

  await signInFromLoginPage(page, 'owner@demo.local');
  await expect(page).toHaveURL(settings);
  await expect(page.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  expect(errors).toEqual([]);
});

test('a sign-in target that is not a path of this app is ignored', async ({ page }) => {
  for (const target of ['https://example.org/', '//example.org/', '/\\example.org/']) {
    await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
    await signInFromLoginPage(page, 'admin@demo.local');
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Hello, Alice Admin!')).toBeVisible();
    await page.getByRole('button', { name: 'User profile' }).first().click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
  }
});
