import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { collectBrowserErrors, expectNoSeriousViolationsInBothThemes, signIn } from './support';

async function expectNoSeriousViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${screen}: ${v.id} — ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join(' ').replace(/\s/g, '');
}

test('an owner creates a project, staffs an editor who then sees it, exports it as PDF and deletes it', async ({ page, browser }) => {
  const errors = collectBrowserErrors(page);
  const name = `Loan approvals ${Date.now()}`;

  // Create, as owner@demo.local, with a framework.
  await signIn(page, 'owner@demo.local');
  await page.goto('/projects');
  await page.getByRole('link', { name: 'New project' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New project' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Description' }).fill('Credit decisions for retail loans');
  await page.getByRole('checkbox', { name: /EU AI Act/ }).check();
  await expectNoSeriousViolations(page, 'new project');
  await page.getByRole('button', { name: 'Create project' }).click();

  // The project's frame: its name, the dashboard and (for an owner) the Settings tab.
  await expect(page).toHaveURL(/\/projects\/project-detail\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('EU AI Act').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'project dashboard');
  const projectUrl = page.url();

  // Add editor@demo.local as Editor from Settings.
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Add member' }).click();
  const add = page.getByRole('dialog', { name: 'Add member' });
  const candidates = page.waitForResponse((r) => r.url().includes('not_in_project=') && r.url().includes('name=Eddie'));
  await add.getByRole('combobox', { name: 'Person' }).fill('Eddie');
  await candidates;
  await page.getByRole('option', { name: /Eddie Editor/ }).click();
  await add.getByRole('radio', { name: 'Editor' }).check();
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('row', { name: /Eddie Editor/ })).toContainText('Editor');
  await expectNoSeriousViolationsInBothThemes(page, 'project settings');

  // The editor, in a browser of their own, finds it in their list and opens it, without a Settings tab.
  const editorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const editor = await editorContext.newPage();
  await signIn(editor, 'editor@demo.local');
  await editor.goto('/projects');
  await editor.getByRole('link', { name }).click();
  await expect(editor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(editor.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(editor.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await editorContext.close();

  // Export the PDF: a file named after the project, holding its name and its members.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${name}.pdf`);
  const text = await pdfText(await (await import('node:fs/promises')).readFile((await file.path())!));
  for (const expected of [name, 'Eddie Editor', 'Olivia Owner', 'EU AI Act']) expect(text).toContain(expected.replace(/\s/g, ''));

  // Delete, typing the name to confirm; the project is gone from the list and its URL.
  await page.getByRole('button', { name: 'Delete project' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('button', { name: 'Delete project' })).toBeDisabled();
  await confirm.getByRole('textbox', { name: 'Project name' }).fill(name);
  await expectNoSeriousViolationsInBothThemes(page, 'delete project dialog', '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  await expect(page).toHaveURL('/projects');
  await expect(page.getByRole('link', { name })).toHaveCount(0);
  await page.goto(projectUrl);
  await expect(page.getByText(/not found/i).first()).toBeVisible();

  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('a member without a role on a project asks for access from its URL', async ({ page, request }) => {
  // admin@demo.local sees every project; take the seeded one's id from the admin's list.
  const token = ((await (await request.get('/api/auth/dummy?x=admin@demo.local')).json()) as { access_token: string }).access_token;
  const me = (await (await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).json()) as { organization: { id: string } };
  const list = (await (await request.get(`/api/organizations/${me.organization.id}/projects?name=Credit%20Scoring`, { headers: { authorization: `Bearer ${token}` } })).json()) as { items: { id: string }[] };
  const projectId = list.items[0]!.id;

  // internal@demo.local has full access; a fresh member has none: make one through the API.
  const email = `asker-${Date.now()}@example.test`;
  const created = await request.post(`/api/organizations/${me.organization.id}/users_force`, {
    headers: { authorization: `Bearer ${token}` },
    data: { email, firstname: 'Ada', lastname: 'Asker', password: 'a-long-enough-password' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-long-enough-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A new account accepts the terms first.
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL('/');
  await page.goto(`/projects/project-detail/${projectId}`);
  await page.getByRole('button', { name: 'Request access' }).click();
  await expect(page.getByRole('alert')).toContainText('been told. You will be able to open the project once one of them gives you a role.');
  await expect(page.getByRole('button', { name: 'Access requested' })).toBeDisabled();
  // Asking again after a reload does not pile up: the earlier request is still waiting.
  await page.reload();
  await page.getByRole('button', { name: 'Request access' }).click();
  await expect(page.getByRole('alert')).toContainText('Your earlier request is still waiting for the owners.');
});
