import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { collectBrowserErrors, SCREENSHOTS, signIn } from './support';

async function expectNoAxeViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${screen}: ${v.id} (${v.impact}) — ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Checks the page at the desktop and the phone width, with a screenshot of each. */
async function checkAtBothWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectNoAxeViolations(page, `${name} at ${width} px`);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the footer’s Status link and the drawer’s Support lead to the built-in status and help pages', async ({ page }) => {
  const errors = collectBrowserErrors(page);
  await signIn(page, 'admin@demo.local');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Status' }).click();
  await expect(page).toHaveURL('/status');
  await expect(page.getByRole('heading', { level: 1, name: 'Aegis status' })).toBeVisible();
  await expect(page.getByText('All systems operational.')).toBeVisible();
  await expect(page.getByText('Version v1.2.6')).toBeVisible();
  const components = page.getByRole('list', { name: 'Components' }).getByRole('listitem');
  await expect(components.getByRole('heading')).toHaveText(['Database', 'File storage', 'Identity provider', 'Background jobs']);
  // The component's own status comes first; Background jobs then lists each queue with its state.
  for (const item of await components.all()) await expect(item.getByText('Operational').first()).toBeVisible();
  await expect(components.nth(3).getByRole('table')).toBeVisible();
  await expect(page.getByText('The embedded identity provider answers')).toBeVisible();
  // No app shell on the status page.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await checkAtBothWidths(page, 'status');

  await page.getByRole('link', { name: 'Go to Aegis' }).click();
  await expect(page.getByText('Hello, Alice Admin!')).toBeVisible();
  // Support opens help in a new tab: the work in this one stays where it is.
  const opened = page.waitForEvent('popup');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support (opens in a new tab)' }).click();
  const help = await opened;
  const helpErrors = collectBrowserErrors(help);
  await expect(page.getByText('Hello, Alice Admin!')).toBeVisible();
  await expect(help).toHaveURL('/help');
  await expect(help.getByRole('heading', { level: 1, name: 'Aegis help' })).toBeVisible();
  await expect(help.getByRole('heading', { level: 2, name: 'Where to start' })).toBeVisible();
  await expect(help.getByRole('table', { name: 'Organization roles' }).getByRole('rowheader')).toHaveText(['Admin', 'Member', 'Internal']);
  await expect(help.getByRole('table', { name: 'Project roles' }).getByRole('rowheader')).toHaveText(['Owner', 'Editor', 'Reviewer', 'Auditor']);
  await checkAtBothWidths(help, 'help');

  await help.getByRole('link', { name: 'API reference' }).click();
  await expect(help).toHaveURL(/\/api\/docs/);
  await expect(help.locator('.opblock').first()).toBeVisible();
  await help.goBack();
  await help.getByRole('link', { name: 'Back to Aegis' }).click();
  await expect(help.getByText('Hello, Alice Admin!')).toBeVisible();
  expect(errors).toEqual([]);
  expect(helpErrors).toEqual([]);
});

test('status and help open without signing in', async ({ page }) => {
  await page.goto('/status');
  await expect(page).toHaveURL('/status');
  await expect(page.getByText('All systems operational.')).toBeVisible();
  await page.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Aegis help' })).toBeVisible();
});

test('the API reference loads with no console or CSP errors', async ({ page }) => {
  const errors = collectBrowserErrors(page);
  await page.goto('/api/docs/');
  await expect(page.locator('.opblock').first()).toBeVisible();
  await page.locator('.opblock-summary').first().click();
  await expect(page.getByRole('button', { name: 'Try it out' }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
