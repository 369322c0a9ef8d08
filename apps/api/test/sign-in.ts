import { expect } from 'vitest';
import { TestBrowser, formAction, hiddenField } from './browser';
import type { TestApp } from './helper';

/** Drives authorize → provider login page → callback code, as a browser would. Returns the browser and code. */
export async function signInThroughProvider(t: TestApp, email: string, password: string, start = '/api/auth/authorize') {
  const browser = new TestBrowser(t.app);
  const loginPage = await browser.follow(start);
  expect(loginPage.statusCode).toBe(200);
  expect(loginPage.body).toContain('<label for="email">Email</label>');
  expect(loginPage.body).toContain('<label for="password">Password</label>');
  expect(loginPage.body).toContain('>Sign in</button>');
  const submitted = await browser.postForm(formAction(loginPage.body), {
    email,
    password,
    xsrf: hiddenField(loginPage.body, 'xsrf'),
  });
  return { browser, submitted };
}

/** The state each browser's last callback carried, which the SPA sends back with the code. */
const lastState = new WeakMap<TestBrowser, string>();

/** Follows the provider's redirects after login to our callback and returns its code. */
export async function callbackCode(browser: TestBrowser, location: string, callbackPath = '/oauth2-redirect') {
  const landed = await browser.follow(location);
  const target = new URL(String(landed.headers.location), 'http://localhost:3000');
  expect(target.pathname).toBe(callbackPath);
  const code = target.searchParams.get('code');
  expect(code).toBeTruthy();
  const state = target.searchParams.get('state') ?? undefined;
  if (state) lastState.set(browser, state);
  return { code: code!, state };
}

export async function exchangeCode(browser: TestBrowser, code: string, extra: Record<string, string> = {}, path = '/api/auth/token') {
  const state = lastState.get(browser);
  return browser.postForm(path, { grant_type: 'authorization_code', code, ...(state ? { state } : {}), ...extra }, { 'x-xsrf-token': browser.cookie('XSRF-TOKEN') ?? '' });
}
