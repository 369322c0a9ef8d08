import { expect, test, type Page } from '@playwright/test';

/** From our login page to the embedded provider's form. */
async function startSignIn(page: Page) {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
}

async function submitCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('signs in through the embedded provider, then signs out', async ({ page }) => {
  // Catches CSP violations (inline script, external origins) and uncaught exceptions as well.
  const browserErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') browserErrors.push(message.text());
  });
  page.on('pageerror', (error) => browserErrors.push(error.message));

  await page.goto('/login');
  await startSignIn(page);
  await submitCredentials(page, 'admin@demo.local', 'demo');

  await expect(page.getByText('Hello, Alice Admin!')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByText('Demo Organization')).toBeVisible();
  const accessToken = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(accessToken?.split('.')).toHaveLength(3);
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeTruthy();

  await page.getByRole('button', { name: 'User profile' }).first().click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();

  // The provider session ended too: signing in again asks for credentials instead of passing through.
  await startSignIn(page);
  expect(browserErrors).toEqual([]);
});

test('a wrong password keeps the visitor on the provider form with an error', async ({ page }) => {
  await page.goto('/login');
  await startSignIn(page);
  await submitCredentials(page, 'admin@demo.local', 'not-the-password');

  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
});
