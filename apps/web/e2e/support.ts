import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');

/** Signs in through the real embedded provider, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = 'demo') {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
}

/** A Bearer token for server-side setup (the e2e server runs with AUTH_DUMMY_ENABLED). */
export async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get(`/api/auth/dummy?x=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Collects console errors and uncaught exceptions (CSP violations included) for a final assertion. */
export function collectBrowserErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
