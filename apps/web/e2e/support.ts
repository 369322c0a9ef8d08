import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
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

/** No serious or critical axe violation on the page (or inside `within`, a CSS selector). */
export async function expectNoSeriousViolations(page: Page, screen: string, within?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (within ? builder.include(within) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${screen}: ${v.id} — ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * The same check in the light and the dark theme (issue 29, item 17: colours that pass in one failed in the
 * other), switched with the header's button — clicked as an event, since an open dialog hides the header
 * from pointers — and back. Waits out the colour transitions before each check.
 */
export async function expectNoSeriousViolationsInBothThemes(page: Page, screen: string, within?: string) {
  const toggle = page.locator('button[aria-label="Dark mode"]');
  const dark = (await toggle.getAttribute('aria-pressed')) === 'true';
  const switchTo = async (on: boolean) => {
    await toggle.dispatchEvent('click');
    await expect(toggle).toHaveAttribute('aria-pressed', String(on));
    await page.waitForTimeout(500);
  };
  await expectNoSeriousViolations(page, `${screen} (${dark ? 'dark' : 'light'})`, within);
  await switchTo(!dark);
  await expectNoSeriousViolations(page, `${screen} (${dark ? 'light' : 'dark'})`, within);
  await switchTo(dark);
}

/**
 * Desktop and phone pictures of the screen as it is now, for a person to look at — not taken in CI (`CI` set),
 * where nobody looks at them and each full-page picture costs 5–15 s of two busy cores; the check at 390 px runs
 * everywhere.
 */
export async function screenshots(page: Page, name: string) {
  const pictures = !process.env.CI;
  if (pictures) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  if (pictures) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-390.png`), fullPage: true });
  await expectNoSeriousViolations(page, `${name} at 390 px`);
  if (size) await page.setViewportSize(size);
}

/**
 * The demo organization's plan allows 10 projects, and the journeys together create more than that:
 * Sam Super (platform operator) raises its quota once per run, as an operator would for a customer.
 */
export async function makeRoomForJourneyProjects(request: APIRequestContext, owner: { authorization: string }) {
  const me = (await (await request.get('/api/users/me', { headers: owner })).json()) as { organization: { id: string } };
  const quota = (await (await request.get(`/api/v1/organizations/${me.organization.id}/quota`, { headers: owner })).json()) as { plan_quota: { projects: number | null } };
  if (quota.plan_quota.projects === null || quota.plan_quota.projects >= 100) return;
  const operator = { authorization: `Bearer ${await tokenFor(request, 'super@demo.local')}` };
  const raised = await request.patch(`/api/organizations/${me.organization.id}`, { headers: operator, data: { plan_quota: { projects: 100 } } });
  expect(raised.status()).toBe(200);
}

/**
 * Creates a project as the owner, with the EU AI Act applied, and gives each person the project role
 * named (Eddie Editor the editor role by default). Gives the project's id.
 */
export async function setUpProject(request: APIRequestContext, name: string, members: Record<string, 'editor' | 'reviewer' | 'auditor'> = { 'editor@demo.local': 'editor' }): Promise<string> {
  const owner = { authorization: `Bearer ${await tokenFor(request, 'owner@demo.local')}` };
  await makeRoomForJourneyProjects(request, owner);
  const created = await request.post('/api/projects', { headers: owner, data: { name, project_type: 'ai_application', frameworks: ['EU_AI_ACT'] } });
  expect(created.status()).toBe(201);
  const project = (await created.json()) as { id: string };
  for (const [email, role] of Object.entries(members)) {
    const member = { authorization: `Bearer ${await tokenFor(request, email)}` };
    const userId = ((await (await request.get('/api/users/me', { headers: member })).json()) as { id: string }).id;
    const given = await request.post(`/api/users/${userId}/roles?project_id=${project.id}&role=${role}`, { headers: owner });
    expect(given.status()).toBe(200);
  }
  return project.id;
}
