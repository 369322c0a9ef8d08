import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectBrowserErrors, expectNoSeriousViolations, screenshots, setUpProject, signIn } from './support';

const DATASET = 'Loan applications 2019–2024';
const MODEL = 'Credit scoring model';

/** Picks an option of an open MUI select by its name. */
async function choose(page: Page, field: Locator, option: string | RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).click();
}

/** Fills the new-card dialog and creates the card; its page opens. */
async function createCard(page: Page, card: { name: string; type: string; nature: string; version: string }) {
  const dialog = page.getByRole('dialog', { name: 'New asset card' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(card.name);
  await choose(page, dialog.getByRole('combobox', { name: 'Type' }), card.type);
  await choose(page, dialog.getByRole('combobox', { name: 'Nature' }), card.nature);
  await dialog.getByRole('textbox', { name: 'Version' }).fill(card.version);
  await dialog.getByRole('button', { name: 'Create card' }).click();
  await expect(page.getByRole('heading', { level: 2, name: card.name })).toBeVisible();
  await expect(page).toHaveURL(/\/asset-detail\//);
}

test('an editor documents a dataset and a model trained on it, sees the lineage, downloads the model card as a Hugging Face README and imports it back', async ({ page, request }) => {
  test.setTimeout(240_000);
  const errors = collectBrowserErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const projectId = await setUpProject(request, `Credit decisions ${Date.now()}`);
  const projectUrl = `/projects/project-detail/${projectId}`;
  const tabs = page.getByRole('navigation', { name: 'Project sections' });

  // The editor opens the project's empty Assets tab: both ways in are offered.
  await signIn(page, 'editor@demo.local');
  await page.goto(`${projectUrl}/assets`);
  await expect(page.getByRole('heading', { level: 2, name: 'Assets' })).toBeVisible();
  await expect(page.getByText(/No asset cards yet/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import a card' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Assets' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousViolations(page, 'assets (empty)');

  // A dataset card: created, then its key facts (personal data, size, time span) and a section written.
  await page.getByRole('button', { name: 'New card' }).click();
  await expectNoSeriousViolations(page, 'new card dialog', '[role="dialog"]');
  await createCard(page, { name: DATASET, type: 'Dataset', nature: 'In-house', version: '2024.1' });
  await expect(tabs.getByRole('link', { name: 'Assets' })).toHaveAttribute('aria-current', 'page');
  const datasetUrl = new URL(page.url()).pathname;
  const datasetCard = page.getByRole('form', { name: 'Dataset card' });
  await datasetCard.getByRole('textbox', { name: 'Licence' }).fill('other');
  await choose(page, datasetCard.getByRole('combobox', { name: 'Personal data' }), 'Yes, it holds personal data');
  await datasetCard.getByRole('textbox', { name: 'Categories of personal data' }).fill('contact details, income');
  await datasetCard.getByRole('textbox', { name: 'Size' }).fill('1.2 M rows');
  await datasetCard.getByRole('textbox', { name: 'Data from' }).fill('01-01-2019');
  await datasetCard.getByRole('textbox', { name: 'Data until' }).fill('31-12-2024');
  await datasetCard.getByRole('textbox', { name: 'Source Data' }).fill('Applications received through the branch network and the website.');
  await datasetCard.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Card saved').first()).toBeVisible();
  await expect(datasetCard.getByRole('textbox', { name: 'Data until' })).toHaveValue('31-12-2024');

  // Back on the list, a model card.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Assets' }).click();
  await expect(page.getByRole('row', { name: new RegExp(DATASET) })).toBeVisible();
  await page.getByRole('button', { name: 'New card' }).click();
  await createCard(page, { name: MODEL, type: 'Model', nature: 'In-house', version: '3.2' });
  const modelUrl = new URL(page.url()).pathname;

  // Its key facts, a metric and its intended use.
  const modelCard = page.getByRole('form', { name: 'Model card' });
  await modelCard.getByRole('textbox', { name: 'Licence' }).fill('apache-2.0');
  await modelCard.getByRole('textbox', { name: 'Languages' }).fill('en, fr');
  await modelCard.getByRole('textbox', { name: 'Task' }).fill('tabular-classification');
  await modelCard.getByRole('button', { name: 'Add a metric' }).click();
  const metric = modelCard.getByRole('group', { name: 'Metric 1' });
  await metric.getByRole('textbox', { name: 'Name' }).fill('AUC');
  await metric.getByRole('textbox', { name: 'Value' }).fill('0.91');
  await metric.getByRole('textbox', { name: 'Measured on' }).fill('2024 hold-out');
  await modelCard.getByRole('textbox', { name: 'Intended Use' }).fill('Scores consumer loan applications for the credit officers, who decide.');
  await modelCard.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Card saved').first()).toBeVisible();

  // Trained on the dataset: named in its lineage, which then lists it with a link to its card.
  const lineage = page.getByRole('region', { name: 'Lineage' });
  await lineage.getByRole('combobox', { name: 'Add a card it is built from' }).click();
  await page.getByRole('option', { name: DATASET }).click();
  await expect(lineage.getByRole('combobox', { name: 'How' })).toHaveText('Trained on');
  await lineage.getByRole('button', { name: 'Add' }).click();
  await lineage.getByRole('button', { name: 'Save lineage' }).click();
  await expect(page.getByText('Lineage saved').first()).toBeVisible();
  const builtFrom = lineage.getByRole('list', { name: `Cards ${MODEL} is built from` });
  await expect(builtFrom.getByRole('link', { name: DATASET })).toHaveAttribute('href', datasetUrl);
  await expect(lineage.getByRole('list', { name: 'Lineage links' }).getByRole('listitem')).toHaveText([`${MODEL} (model) trained on ${DATASET} (dataset)`]);
  await expectNoSeriousViolations(page, 'model card');
  await screenshots(page, 'asset-card');

  // The model card as a Hugging Face README: front matter with the facts, then the sections.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  await page.getByRole('menuitem', { name: /^Markdown/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.md$/);
  const markdown = await readFile((await file.path())!, 'utf8');
  const [, frontMatter, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(markdown) ?? [];
  expect(frontMatter, markdown).toBeDefined();
  expect(frontMatter).toMatch(new RegExp(`^model_name: ${MODEL}$`, 'm'));
  expect(frontMatter).toMatch(/^license: apache-2\.0$/m);
  expect(frontMatter).toMatch(/^pipeline_tag: tabular-classification$/m);
  expect(frontMatter).toMatch(/^language:\n {2}- en\n {2}- fr$/m);
  expect(frontMatter).toMatch(/^model-index:$/m);
  expect(frontMatter).toMatch(/type: AUC[\s\S]*value: 0\.91|value: 0\.91[\s\S]*type: AUC|name: AUC[\s\S]*value: 0\.91/);
  expect(frontMatter).toMatch(/^aegis:\n(?: {2}.*\n)*? {2}asset_card_type: model$/m);
  expect(body).toMatch(new RegExp(`^# ${MODEL}$`, 'm'));
  expect(body).toMatch(/^## Intended Use\n+Scores consumer loan applications for the credit officers, who decide\.$/m);
  // Sections left empty are left out.
  expect(body).not.toMatch(/^## Out-of-Scope Use$/m);

  // The Assets tab draws the lineage, dataset → model, and says it in words; a type filter goes in the URL.
  await tabs.getByRole('link', { name: 'Assets' }).click();
  const projectLineage = page.getByRole('region', { name: 'Lineage' });
  await expect(projectLineage.getByRole('figure')).toContainText('2 cards (1 dataset, 1 model) and 1 link.');
  await expect(projectLineage.getByRole('list', { name: 'Lineage links' }).getByRole('listitem')).toHaveText([`${MODEL} (model) trained on ${DATASET} (dataset)`]);
  const diagram = projectLineage.getByRole('group', { name: 'Lineage diagram' });
  await expect(diagram.getByRole('link', { name: new RegExp(`^${DATASET}, dataset`) })).toHaveAttribute('href', datasetUrl);
  await expect(diagram.getByRole('link', { name: `${MODEL}, model, ready: built from 1, used by 0` })).toHaveAttribute('href', modelUrl);
  await expect(page.getByRole('row', { name: new RegExp(MODEL) }).getByText('1 source')).toBeVisible();
  await expectNoSeriousViolations(page, 'assets');
  await screenshots(page, 'assets');
  await choose(page, page.getByRole('combobox', { name: 'Type' }), 'Dataset');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/asset_card_type=dataset/);
  await expect(page.getByText('1 card matches the filters')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(MODEL) })).toHaveCount(0);
  // The keyboard reaches the diagram's cards: from the dataset's node to its page.
  await diagram.getByRole('link', { name: new RegExp(`^${DATASET}, dataset`) }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(datasetUrl);
  await expect(page.getByRole('region', { name: 'Lineage' }).getByRole('list', { name: `Cards built from ${DATASET}` }).getByRole('link', { name: MODEL })).toBeVisible();

  // The downloaded README imports back as a card with the same facts and sections.
  await tabs.getByRole('link', { name: 'Assets' }).click();
  await page.getByRole('button', { name: 'Import a card' }).click();
  const importing = page.getByRole('dialog', { name: 'Import a card' });
  await importing.locator('input[type="file"]').setInputFiles({ name: file.suggestedFilename(), mimeType: 'text/markdown', buffer: Buffer.from(markdown, 'utf8') });
  await expect(importing.getByRole('status')).toContainText(`Chosen: ${file.suggestedFilename()}`);
  await expectNoSeriousViolations(page, 'import card dialog', '[role="dialog"]');
  await importing.getByRole('button', { name: 'Import card' }).click();
  await expect(page.getByRole('heading', { level: 2, name: MODEL })).toBeVisible();
  await expect(page).not.toHaveURL(modelUrl);
  await expect(page.getByRole('article').getByText(`Imported from ${file.suggestedFilename()}`)).toBeVisible();
  const imported = page.getByRole('form', { name: 'Model card' });
  await expect(imported.getByRole('textbox', { name: 'Licence' })).toHaveValue('apache-2.0');
  await expect(imported.getByRole('textbox', { name: 'Languages' })).toHaveValue('en, fr');
  await expect(imported.getByRole('group', { name: 'Metric 1' }).getByRole('textbox', { name: 'Value' })).toHaveValue('0.91');
  await expect(imported.getByRole('textbox', { name: 'Intended Use' })).toHaveValue('Scores consumer loan applications for the credit officers, who decide.');

  expect(errors).toEqual([]);
});
