import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { collectBrowserErrors, signIn } from './support';

async function expectNoSeriousViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${screen}: ${v.id} — ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('an admin invites someone who signs up with the link; deactivating them ends their session', async ({ page, browser }) => {
  const errors = collectBrowserErrors(page);
  const email = `invitee-${Date.now()}@example.test`;

  await signIn(page, 'admin@demo.local');
  await page.goto('/organization/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Organization' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'User Management' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('row', { name: /Alice Admin/ })).toBeVisible();

  // Invite: the success dialog shows the link (read from its field, not the clipboard).
  await page.getByRole('button', { name: 'Invite user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite user' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  const shown = page.getByRole('dialog', { name: `Invitation for ${email} created` });
  await expect(shown).toBeVisible();
  const link = await shown.getByRole('textbox', { name: 'Sign-up link' }).inputValue();
  expect(link).toMatch(/\/api\/auth\/authorize\/[^/?#]+$/);
  await expect(shown).toContainText('The link works until');
  await shown.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Pending' }).click();
  await expect(page.getByRole('row').filter({ hasText: email }).getByText('Pending', { exact: true })).toBeVisible();

  // The invitee, in a browser of their own: the link leads to the provider's sign-up form.
  const inviteeContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const invitee = await inviteeContext.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await invitee.getByLabel('First name').fill('Ivy');
  await invitee.getByLabel('Last name').fill('Invitee');
  await invitee.getByLabel('Password').fill('a-long-enough-password');
  await invitee.getByRole('button', { name: 'Create account' }).click();

  // A new account accepts the terms first, then lands on the dashboard of the organization.
  await expect(invitee.getByRole('heading', { name: 'Terms of use' })).toBeVisible();
  await invitee.getByRole('button', { name: 'Accept' }).click();
  await expect(invitee).toHaveURL('/');
  await expect(invitee.getByText('Hello, Ivy Invitee!')).toBeVisible();
  await expect(invitee.getByRole('banner').getByText('Demo Organization')).toBeVisible();

  // Back with the admin: the invitee is an active member now; deactivate them, confirming.
  await page.reload();
  // Act only once the filtered list has arrived: a late re-render would swallow the menu click.
  const filtered = page.waitForResponse((response) => response.url().includes('/users?') && response.url().includes('name=Ivy'));
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('Ivy');
  await filtered;
  const row = page.getByRole('row', { name: /Ivy Invitee/ });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Actions for Ivy Invitee' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Ivy Invitee?' });
  await expect(confirm).toContainText('Their sessions end immediately');
  await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(page.getByText('Ivy Invitee deactivated')).toBeVisible();
  await expect(row.getByText('Deactivated', { exact: true })).toBeVisible();

  // The invitee's next navigation calls the API, which refuses them; the session ends at the login page.
  await invitee.getByRole('banner').getByRole('link', { name: 'Notifications' }).click();
  await expect(invitee).toHaveURL('/login', { timeout: 15_000 });
  expect(await invitee.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  await inviteeContext.close();
  expect(errors).toEqual([]);
});

test('no serious accessibility violations on the organization screens and dialogs', async ({ page }) => {
  await signIn(page, 'admin@demo.local');
  await page.goto('/organization');
  await expect(page).toHaveURL('/organization/users');
  await expect(page.getByRole('row', { name: /Alice Admin/ })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'users');

  await page.getByRole('button', { name: 'Invite user' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite user' })).toBeVisible();
  await expectNoSeriousViolations(page, 'invite dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/organization/settings');
  await expect(page.getByRole('switch', { name: 'Vendor management' })).toBeVisible();
  await expectNoSeriousViolations(page, 'settings');
});
