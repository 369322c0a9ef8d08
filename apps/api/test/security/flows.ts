import { expect } from 'vitest';
import { TestBrowser, formAction, hiddenField } from '../browser';
import type { TestApp } from '../helper';
import { callbackCode, exchangeCode, signInThroughProvider } from '../sign-in';

/** The path of a link the API handed out (sign-up links are absolute URLs on PUBLIC_URL). */
export const pathOf = (link: string) => new URL(link).pathname;

/** Opens an invitation link as a browser would; the page is the provider's sign-up or sign-in form. */
export async function openInvitation(t: TestApp, link: string) {
  const browser = new TestBrowser(t.app);
  const page = await browser.follow(pathOf(link));
  return { browser, page, isSignupForm: page.body.includes('name="firstname"') };
}

/** Submits the sign-up form of an opened invitation, whatever the page offered. */
export async function submitSignup(browser: TestBrowser, page: { body: string }, password: string, names = { firstname: 'Mallory', lastname: 'Attacker' }) {
  const action = formAction(page.body).replace(/\/login$/, '/signup');
  return browser.postForm(action, { ...names, password, xsrf: hiddenField(page.body, 'xsrf') });
}

/** Finishes a sign-up or accept flow at our callback and registers: the answer of POST /api/auth/register. */
export async function register(browser: TestBrowser, location: string) {
  const { code } = await callbackCode(browser, location, '/oauth2-signup-redirect');
  return exchangeCode(browser, code, {}, '/api/auth/register');
}

/**
 * Signs in through the embedded provider's login page with e-mail and password, the whole chain to our
 * tokens; `token` is undefined when the provider refuses the password.
 */
export async function signInWithPassword(t: TestApp, email: string, password: string) {
  const { browser, submitted } = await signInThroughProvider(t, email, password);
  if (submitted.statusCode !== 303) return { status: submitted.statusCode, body: submitted.body, token: undefined };
  const { code } = await callbackCode(browser, String(submitted.headers.location));
  const exchanged = await exchangeCode(browser, code);
  return { status: exchanged.statusCode, body: exchanged.body, token: exchanged.statusCode === 201 ? (exchanged.json().access_token as string) : undefined };
}

export async function me(t: TestApp, token: string) {
  const response = await t.as(token)({ method: 'GET', url: '/api/users/me' });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: string; email: string; firstname: string; lastname: string; organization: { id: string; name: string } | null; roles: string[] };
}
