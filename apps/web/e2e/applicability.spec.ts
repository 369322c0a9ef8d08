import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectBrowserErrors, expectNoSeriousViolations, screenshots, setUpProject, signIn } from './support';

/** Opens one of the EU AI Act settings' selects and picks options by their labels (a multiple select closes with Escape). */
async function choose(page: Page, form: Locator, field: string, options: string[]) {
  await form.getByRole('combobox', { name: new RegExp(`^${field}`) }).click();
  const listbox = page.getByRole('listbox');
  // An option reads its label, then what it means: the label alone tells it apart.
  for (const option of options) await listbox.getByRole('option').filter({ has: page.getByText(option, { exact: true }) }).click();
  if (await listbox.isVisible()) await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
}

/** A requirement's row on the Requirements screen, found through the URL's name filter. */
async function requirementRow(page: Page, projectUrl: string, code: string) {
  await page.goto(`${projectUrl}/requirements?framework=EU_AI_ACT&name=${encodeURIComponent(code)}`);
  const eu = page.getByRole('region', { name: 'EU AI Act' });
  const name = new RegExp(`^${code.replace(/[().]/g, '\\$&')} `);
  await expect(eu.getByRole('button', { name })).toBeVisible();
  return eu.getByRole('listitem').filter({ has: page.getByRole('button', { name }) });
}

test('an owner describes a CV-screening tool the organization deploys as an employer: it is high-risk, deployer duties apply and provider-only ones say why not', async ({ page, browser, request }) => {
  // Many selects, a save through a dialog, three screens and axe runs at two widths: longer than the default on a busy machine.
  test.setTimeout(360_000);
  const errors = collectBrowserErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const projectName = `Hiring assistant ${Date.now()}`;
  const projectId = await setUpProject(request, projectName, { 'auditor@demo.local': 'auditor' });
  const projectUrl = `/projects/project-detail/${projectId}`;

  // The dashboard says nobody has described the system yet, and leads to the scoping page.
  await signIn(page, 'owner@demo.local');
  await page.goto(projectUrl);
  const card = page.getByRole('region', { name: 'EU AI Act classification' });
  await card.getByRole('link', { name: 'Not assessed yet — describe the system' }).click();
  await expect(page).toHaveURL(`${projectUrl}/scoping`);
  await expect(page.getByRole('heading', { level: 2, name: 'Scoping' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Requirements' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/No EU AI Act settings yet/)).toBeVisible();
  const classification = page.getByRole('region', { name: 'Classification' });
  await expect(classification.getByText(/Not complete yet: answer/)).toBeVisible();
  await expectNoSeriousViolations(page, 'scoping, empty');

  // The owner describes the system: an AI system that screens CVs, used by the organization as an employer in the EU.
  const form = page.getByRole('form', { name: 'EU AI Act settings' });
  await choose(page, form, 'Product category', ['AI system']);
  await choose(page, form, 'Your role', ['Deployer']);
  // Each option says what it means, with its article.
  await form.getByRole('combobox', { name: /^Use case/ }).click();
  await expect(page.getByRole('option', { name: /^Annex III 4\(a\) — Recruitment and selection .*CV screening/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await choose(page, form, 'Use case', ['Annex III 4(a) — Recruitment and selection']);
  await choose(page, form, 'Establishment', ['Established in the EU', 'Employer using the system at the workplace']);
  await choose(page, form, 'What the system does', ['Profiles natural persons']);
  await choose(page, form, 'Exemptions and exclusions', ['None of these']);
  await choose(page, form, 'Supply terms', ['None of these']);

  // As it is answered, the classification follows (a dry run), and the form says what saving would move.
  await expect(classification.getByText('Preview of unsaved answers')).toBeVisible();
  await expect(classification.getByRole('group', { name: /^EU AI Act: High-risk/ })).toBeVisible();
  await expect(classification.getByText(/Annex III point 4\(a\)/).first()).toBeVisible();
  await expect(form.getByText(/^If you save: \d+ requirements? will become not applicable/)).toBeVisible();
  await screenshots(page, 'scoping-preview');

  // Saving takes requirements out of scope: the dialog lists them with their reasons first.
  await form.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save and take requirements out of scope?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Requirements that become not applicable' })).toBeVisible();
  await expect(dialog.getByText(/EU AI Act Art\. 16\(a\)/)).toBeVisible();
  await expectNoSeriousViolations(page, 'scoping, confirm dialog');
  await screenshots(page, 'scoping-confirm');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^EU AI Act settings saved\. \d+ requirements? became not applicable/)).toBeVisible();

  // Saved: high-risk, as a deployer, each reason citing its article, and the dates that apply.
  await expect(page.getByText(/^Last saved \d/)).toBeVisible();
  await expect(classification.getByText('Preview of unsaved answers')).toBeHidden();
  await expect(classification.getByRole('group', { name: /^EU AI Act: High-risk/ })).toBeVisible();
  await expect(classification.getByRole('region', { name: 'Your roles' })).toContainText('Deployer');
  await expect(classification.getByRole('region', { name: 'Why' })).toContainText('Annex III point 4(a)');
  await expect(classification.getByRole('region', { name: 'Articles that apply' })).toContainText('Art. 26');
  await expect(classification.getByRole('region', { name: 'When they apply' }).getByText(/^(Applies now|From \d{2}-\d{2}-\d{4})$/).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'scoping, saved');
  await screenshots(page, 'scoping-saved');

  // On the Requirements screen the deployer's duties apply, and the provider-only ones say why not, linking back.
  const deployer = await requirementRow(page, projectUrl, 'Art. 26(7)');
  await expect(deployer.getByText(/^Not applicable/)).toHaveCount(0);
  const provider = await requirementRow(page, projectUrl, 'Art. 16(a)');
  const reason = provider.getByRole('link', { name: /^Not applicable — .+/ });
  await expect(reason).toBeVisible();
  await expect(reason).toHaveAttribute('href', `${projectUrl}/scoping`);
  await expect(page.getByRole('link', { name: 'Scoping' })).toBeVisible();
  await expectNoSeriousViolations(page, 'requirements with reasons');
  await screenshots(page, 'requirements-not-applicable');
  // A public authority's duty does not apply to this employer either.
  const publicAuthority = await requirementRow(page, projectUrl, 'Art. 26(8)');
  await expect(publicAuthority.getByRole('link', { name: /^Not applicable — .+/ })).toBeVisible();

  // The dashboard shows the badge.
  await page.goto(projectUrl);
  await expect(card.getByRole('group', { name: /^EU AI Act: High-risk/ })).toBeVisible();
  await expect(card.getByRole('link', { name: /^EU AI Act: High-risk/ })).toBeVisible();

  // An auditor reads all of it and changes nothing: the form is read-only, the reasons the same.
  const auditorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 900 } });
  const auditor = await auditorContext.newPage();
  const auditorErrors = collectBrowserErrors(auditor);
  await signIn(auditor, 'auditor@demo.local');
  await auditor.goto(`${projectUrl}/requirements?framework=EU_AI_ACT&name=${encodeURIComponent('Art. 16(a)')}`);
  await auditor.getByRole('link', { name: /^Not applicable — / }).first().click();
  await expect(auditor).toHaveURL(`${projectUrl}/scoping`);
  await expect(auditor.getByText(/lets you read these settings but not change them/)).toBeVisible();
  await expect(auditor.getByRole('form', { name: 'EU AI Act settings' }).getByRole('combobox', { name: /^Your role/ })).toHaveAttribute('aria-readonly', 'true');
  await expect(auditor.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(auditor.getByRole('region', { name: 'Classification' }).getByRole('group', { name: /^EU AI Act: High-risk/ })).toBeVisible();
  await expectNoSeriousViolations(auditor, 'scoping as an auditor');
  await auditorContext.close();

  expect(errors).toEqual([]);
  expect(auditorErrors).toEqual([]);
});
