import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectBrowserErrors, SCREENSHOTS, signIn } from './support';

// A phone held upright: the width the defects of issue 10 were seen at.
test.use({ viewport: { width: 390, height: 844 } });

async function expectNoSeriousViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${screen}: ${v.id} — ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The profile panel's badge (its Admin entry, a link, has the same word). */
const chip = (scope: Locator, label: string) => scope.locator('.MuiChip-label').filter({ hasText: new RegExp(`^${label}$`) });
const widthOf = async (locator: Locator) => (await locator.boundingBox())?.width ?? 0;
const lineHeightOf = (locator: Locator) => locator.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));

test('at 390 px the notifications keep their text readable, with the actions below it', async ({ page }) => {
  const errors = collectBrowserErrors(page);
  await signIn(page, 'editor@demo.local');
  await page.goto('/notifications');
  const list = page.getByRole('list', { name: 'Notifications' });
  const item = list.getByRole('listitem').filter({ hasText: 'Assigned to you: MFF-1.DAT.02' });
  await expect(item).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  // The text has most of the row, not one word's width; the actions sit under it, not beside it.
  const title = item.getByText('Assigned to you: MFF-1.DAT.02', { exact: false }).first();
  expect(await widthOf(title)).toBeGreaterThan(250);
  const titleBox = (await title.boundingBox())!;
  const markRead = (await item.getByRole('button', { name: /^Mark as (read|unread):/ }).boundingBox())!;
  expect(markRead.y).toBeGreaterThan(titleBox.y + titleBox.height);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole('searchbox', { name: 'Search by title' })).toBeVisible();

  await page.screenshot({ path: path.join(SCREENSHOTS, 'notifications-390.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'notifications at 390 px');
  expect(errors).toEqual([]);
});

test('at 390 px the users table keeps each e-mail on one line, whole in its title, and calls the super admin so', async ({ page }) => {
  const errors = collectBrowserErrors(page);
  await signIn(page, 'admin@demo.local');
  await page.goto('/organization/users');
  const superRow = page.getByRole('row', { name: /Sam Super/ });
  await expect(superRow).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(superRow.getByText('Super admin', { exact: true })).toBeVisible();
  await expect(superRow.getByText('Member', { exact: true })).toHaveCount(0);

  for (const email of ['super@demo.local', 'reviewer@demo.local', 'internal@demo.local']) {
    const cell = page.getByText(email, { exact: true });
    await expect(cell).toHaveAttribute('title', email);
    // One line: as tall as a line of its text, however narrow the column.
    expect((await cell.boundingBox())!.height).toBeLessThanOrEqual((await lineHeightOf(cell)) + 1);
  }

  await page.screenshot({ path: path.join(SCREENSHOTS, 'users-390.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'users at 390 px');

  // An organization admin keeps the Admin badge.
  await page.getByRole('button', { name: 'User profile' }).first().click();
  await expect(chip(page.getByRole('dialog', { name: 'Alice Admin' }), 'Admin')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the super admin sees the same name for themself in the profile panel', async ({ page }) => {
  await signIn(page, 'super@demo.local');
  await page.getByRole('button', { name: 'User profile' }).first().click();
  const panel = page.getByRole('dialog', { name: 'Sam Super' });
  await expect(chip(panel, 'Super admin')).toBeVisible();
  await expect(chip(panel, 'Admin')).toHaveCount(0);
  // The name stays whole beside (or above) the wider badge.
  const name = panel.getByRole('heading', { name: 'Sam Super' });
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(panel).toHaveCSS('opacity', '1');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'profile-super-admin-390.png') });
});

test('at 390 px the organization tabs scroll sideways with buttons, and the current one is in view', async ({ page }) => {
  const errors = collectBrowserErrors(page);
  await signIn(page, 'admin@demo.local');
  await page.goto('/organization/users');
  const tabs = page.getByRole('navigation', { name: 'Organization sections' });
  await expect(tabs.getByRole('link', { name: 'User Management' })).toHaveAttribute('aria-current', 'page');
  // More tabs than the width holds: a button says so and shows them.
  const more = tabs.locator('.MuiTabs-scrollButtons').last();
  await expect(more).toBeVisible();
  await expect(tabs.getByRole('link', { name: /Customization/ })).not.toBeInViewport();
  await more.click();
  await expect(tabs.getByRole('link', { name: /Customization/ })).toBeInViewport();
  await tabs.getByRole('link', { name: /Customization/ }).click();
  await expect(page).toHaveURL('/organization/customization');
  await expect(tabs.getByRole('link', { name: /Customization/ })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: /Customization/ })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'organization-tabs-390.png') });
  await expectNoSeriousViolations(page, 'organization tabs at 390 px');
  expect(errors).toEqual([]);
});
