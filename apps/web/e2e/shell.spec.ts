import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { collectBrowserErrors, SCREENSHOTS, signIn, tokenFor } from './support';

test('the shell: greeting, drawer, footer, profile panel, not-found, problem code, sign-out', async ({ page }) => {
  const errors = collectBrowserErrors(page);
  await signIn(page, 'admin@demo.local');

  await expect(page.getByText('Hello, Alice Admin!')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Demo Organization')).toBeVisible();
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Organization' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Vendors' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© 2023–${new Date().getFullYear()}`);
  await expect(footer).toContainText('v1.2.6');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard.png'), fullPage: true });

  const drawer = page.locator('nav[aria-label="Main"]');
  expect((await drawer.boundingBox())?.width).toBe(77);
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
  // Wait for the width transition to end: 260 px open, as the spec says.
  await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(260);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'drawer-expanded.png'), fullPage: true });

  await page.getByRole('button', { name: 'User profile' }).first().click();
  const panel = page.getByRole('dialog').or(page.getByRole('presentation')).last();
  await expect(panel.getByText('Alice Admin')).toBeVisible();
  await expect(panel.getByText('admin@demo.local')).toBeVisible();
  await expect(panel.getByText('Admin', { exact: true }).first()).toBeVisible();
  await expect(panel.getByRole('link', { name: 'API Tokens' }).or(panel.getByRole('menuitem', { name: 'API Tokens' }))).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/this/does/not/exist');
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);

  await page.goto('/problem?error=E42');
  await expect(page.locator('code', { hasText: 'E42' })).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: 'User profile' }).first().click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  expect(errors).toEqual([]);
});

test('API tokens: create (secret shown once) and delete with confirmation', async ({ page }) => {
  await signIn(page, 'owner@demo.local');
  await page.goto('/tokens');
  await expect(page.getByRole('heading', { name: 'API Tokens' })).toBeVisible();
  await expect(page.getByText('You have no API tokens yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Create token' }).click();
  await page.getByLabel('Name').fill('E2E pipeline');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Copy this token now. It will not be shown again.')).toBeVisible();
  const secret = await page.getByLabel('Token', { exact: true }).inputValue();
  expect(secret).toMatch(/^aeg_/);
  await page.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row', { name: /E2E pipeline/ });
  await expect(row).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole('button', { name: 'Delete token E2E pipeline' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('You have no API tokens yet.')).toBeVisible();
});

test('a notification created on the server raises the unread badge live; reading it lowers it', async ({ page, request }) => {
  // The badge shows once the stream's first message arrives; wait for the stream before reading it.
  const streamOpen = page.waitForResponse((response) => response.url().includes('/api/notifications/unread/stream'));
  await signIn(page, 'editor@demo.local');
  await streamOpen;
  const bell = page.getByRole('link', { name: /Notifications/ }).first();
  await expect(bell).toBeVisible();
  const badge = page.getByTestId('unread-count');
  const before = (await badge.count()) > 0 ? Number(await badge.textContent()) : 0;

  const internal = await tokenFor(request, 'internal@demo.local');
  const sent = await request.post('/api/notifications/announcements', {
    headers: { authorization: `Bearer ${internal}` },
    data: { name: 'Scheduled maintenance', message: 'Saturday 10:00 UTC', link: '/notifications' },
  });
  expect(sent.status()).toBe(201);
  await expect(page.getByTestId('unread-count')).toHaveText(String(before + 1));

  await bell.click();
  await expect(page).toHaveURL('/notifications');
  await page.getByRole('button', { name: 'Mark as read: Scheduled maintenance' }).click();
  if (before === 0) await expect(page.getByTestId('unread-count')).toHaveCount(0);
  else await expect(page.getByTestId('unread-count')).toHaveText(String(before));
});

test('no serious accessibility violations on the shell screens', async ({ page }) => {
  await page.goto('/login');
  const check = async (screen: string) => {
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${screen}: ${v.id} — ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await check('login');
  await signIn(page, 'admin@demo.local');
  await check('dashboard');
  // The notification stream keeps the network busy, so wait for each screen's content instead of idleness.
  const screens: [string, string | RegExp][] = [
    ['/tokens', 'You have no API tokens yet.'],
    ['/notifications', 'Notifications'],
    ['/not-found', /not found/i],
    ['/problem?error=E1', 'E1'],
  ];
  for (const [path, text] of screens) {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await check(path);
  }
});
