import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectBrowserErrors, expectNoSeriousViolations, screenshots, setUpProject, signIn, tokenFor } from './support';

const SOURCE = 'Nightly evaluation pipeline';
const TEST_NAME = 'Accuracy at least 0.9';

/** Picks an option of an open MUI select by its name. */
async function choose(page: Page, field: Locator, option: string | RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).click();
}

test('an editor adds a pipeline source and its accuracy metric, the pipeline pushes values with a scoped token, a test “accuracy ≥ 0.9” linked to a control runs and passes; the chart, the results and the control’s tests and evidence show it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const errors = collectBrowserErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // A fresh project with the EU AI Act applied (its controls come with it) and Eddie Editor on it.
  const projectId = await setUpProject(request, `Support chatbot ${Date.now()}`);
  const projectUrl = `/projects/project-detail/${projectId}`;
  const tabs = page.getByRole('navigation', { name: 'Project sections' });
  const testingTab = tabs.getByRole('link', { name: /^Testing/ });

  // The editor opens the Testing tab: a preview, with no test yet.
  await signIn(page, 'editor@demo.local');
  await page.goto(`${projectUrl}/testing`);
  await expect(page.getByRole('heading', { level: 2, name: 'Testing' })).toBeVisible();
  await expect(testingTab).toHaveAttribute('aria-current', 'page');
  await expect(testingTab.getByText('PREVIEW', { exact: true })).toBeVisible();
  await expect(page.getByText(/No tests yet\. Add a source and its metrics/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^0 tests$/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'testing (empty)');

  // From the empty state to the sources: none yet. A source of kind API.
  await page.getByRole('button', { name: 'Go to sources & metrics' }).click();
  await expect(page).toHaveURL(/\/testing\?view=sources$/);
  await expect(testingTab).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/No sources yet\./)).toBeVisible();
  await page.getByRole('button', { name: 'Add the first source' }).click();
  const newSource = page.getByRole('dialog', { name: 'New source' });
  await newSource.getByRole('textbox', { name: 'Name' }).fill(SOURCE);
  await expect(newSource.getByRole('combobox', { name: 'Kind' })).toHaveText(/^API \(pushed by a pipeline\)/);
  await choose(page, newSource.getByRole('combobox', { name: 'Kind' }), 'API (pushed by a pipeline)');
  await expectNoSeriousViolations(page, 'new source dialog', '[role="dialog"]');
  await newSource.getByRole('button', { name: 'Add source' }).click();
  await expect(newSource).toBeHidden();
  const sourceCard = page.getByRole('region', { name: SOURCE });
  await expect(sourceCard.getByText('No metric yet.')).toBeVisible();
  await expect(sourceCard.getByRole('region', { name: 'Push from a pipeline' })).toBeVisible();

  // Its metric "accuracy", higher is better.
  await sourceCard.getByRole('button', { name: 'New metric' }).click();
  const newMetric = page.getByRole('dialog', { name: `New metric in ${SOURCE}` });
  await newMetric.getByRole('textbox', { name: 'Name' }).fill('accuracy');
  await expectNoSeriousViolations(page, 'new metric dialog', '[role="dialog"]');
  await newMetric.getByRole('button', { name: 'Add metric' }).click();
  await expect(newMetric).toBeHidden();
  const metricsTable = sourceCard.getByRole('table', { name: SOURCE });
  const metricRow = metricsTable.getByRole('row', { name: /accuracy/ });
  await expect(metricRow).toContainText('No value yet');

  // The page gives the metric's id, and the push snippets use it with this project's address.
  const metricId = (await metricRow.getByRole('cell').last().innerText()).trim();
  expect(metricId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const push = sourceCard.getByRole('region', { name: 'Push from a pipeline' });
  const snippets = push.locator('code');
  await expect(snippets).toHaveCount(2);
  for (const snippet of await snippets.all()) {
    await expect(snippet).toContainText(`/api/v1/projects/${projectId}/testing/logs`);
    await expect(snippet).toContainText(`"metric_id": "${metricId}"`);
  }
  await expect(push.getByRole('link', { name: 'Create a token for this project' })).toHaveAttribute('href', new RegExp(`^/tokens\\?project_id=${projectId}&rights=testing_logs%3Acreate$`));
  await expectNoSeriousViolations(page, 'testing sources');

  // The pipeline's secret: a token of the editor's narrowed to this project and to pushing values.
  const editor = { authorization: `Bearer ${await tokenFor(request, 'editor@demo.local')}` };
  const minted = await request.post('/api/auth/api', { headers: editor, data: { name: 'Nightly evaluation CI', project_id: projectId, rights: ['testing_logs:create'] } });
  expect(minted.status()).toBe(201);
  const token = (await minted.json()) as { token: string; project_id: string; rights: string[] };
  expect(token.project_id).toBe(projectId);
  expect(token.rights).toEqual(['testing_logs:create']);
  const pipeline = { authorization: `Bearer ${token.token}` };

  // The pipeline pushes 20 hourly values, ending at 0.94, as its evaluation step ends.
  const now = Date.now();
  const values = Array.from({ length: 20 }, (_, i) => ({ metric_id: metricId, value: Math.round((0.845 + i * 0.005) * 1000) / 1000, timestamp: new Date(now - (19 - i) * 3_600_000).toISOString() }));
  const pushed = await request.post(`/api/v1/projects/${projectId}/testing/logs`, { headers: pipeline, data: { idempotency_key: `nightly-${now}`, values } });
  expect(pushed.status(), await pushed.text()).toBe(200);
  expect(await pushed.json()).toMatchObject({ accepted: 20, duplicate: false });
  // A retry with the same key stores nothing twice.
  const retried = await request.post(`/api/v1/projects/${projectId}/testing/logs`, { headers: pipeline, data: { idempotency_key: `nightly-${now}`, values } });
  expect(await retried.json()).toMatchObject({ accepted: 0, duplicate: true });

  // The secret reads nothing else: not the project's controls, nor its tests, nor the person's account.
  expect([403, 404]).toContain((await request.get(`/api/v1/projects/${projectId}/controls`, { headers: pipeline })).status());
  expect([403, 404]).toContain((await request.get(`/api/v1/projects/${projectId}/testing/tests`, { headers: pipeline })).status());
  expect([401, 403, 404]).toContain((await request.get('/api/users/me', { headers: pipeline })).status());

  // The sources view shows the values came in.
  await page.reload();
  await expect(metricRow.getByRole('cell').nth(2)).toHaveText('20');
  await expect(metricRow).toContainText('0.94');

  // A test "accuracy ≥ 0.9" from the Tests view; its page opens.
  await page.getByRole('navigation', { name: 'Testing views' }).getByRole('link', { name: 'Tests' }).click();
  await expect(page.getByText(/No tests yet\./)).toBeVisible();
  await page.getByRole('button', { name: 'New test' }).click();
  const newTest = page.getByRole('dialog', { name: 'New test' });
  await newTest.getByRole('textbox', { name: 'Name' }).fill(TEST_NAME);
  await choose(page, newTest.getByRole('combobox', { name: 'Metric' }), 'accuracy');
  await choose(page, newTest.getByRole('combobox', { name: 'Condition' }), 'At least (≥)');
  await newTest.getByRole('textbox', { name: 'Threshold' }).fill('0.9');
  await expect(newTest.getByRole('status')).toContainText(/Passes when the .*accuracy.*≥ 0\.9/);
  await expectNoSeriousViolations(page, 'new test dialog', '[role="dialog"]');
  await newTest.getByRole('button', { name: 'Create test' }).click();
  await expect(page.getByRole('heading', { level: 2, name: TEST_NAME })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${projectUrl}/test-detail/`));
  const testUrl = new URL(page.url()).pathname;
  await expect(testingTab).toHaveAttribute('aria-current', 'page');
  const article = page.getByRole('article');
  await expect(article.getByText('T-1', { exact: true })).toBeVisible();
  await expect(article.getByText('Never run').first()).toBeVisible();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByText('Not run yet')).toBeVisible();
  const chart = page.getByRole('region', { name: 'accuracy over time' });
  await expect(chart.getByText('20 values of the metric. No run yet.')).toBeVisible();

  // Links a control of the project from the picker.
  const controls = page.getByRole('region', { name: 'Controls it proves' });
  await expect(controls.getByText(/No control is linked yet/)).toBeVisible();
  await controls.getByRole('button', { name: 'Link controls…' }).click();
  const link = page.getByRole('dialog', { name: 'Link controls to T-1' });
  await link.getByRole('combobox', { name: 'Controls' }).fill('MFF-1');
  const option = page.getByRole('option').first();
  await expect(option).toContainText(/^MFF-1\./);
  const code = (await option.innerText()).split('\n')[0]!.trim();
  await option.click();
  await expectNoSeriousViolations(page, 'link controls to a test', '[role="dialog"]');
  await link.getByRole('button', { name: 'Link' }).click();
  await expect(link).toBeHidden();
  const linked = controls.getByRole('list', { name: 'Controls linked to T-1' });
  await expect(linked.getByRole('listitem')).toHaveCount(1);
  await expect(linked.getByRole('link', { name: code })).toBeVisible();

  // Runs it now: passed at 0.94, in the header, the results and on the chart, with the threshold drawn.
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText('T-1: passed (0.94)')).toBeVisible();
  const row = results.getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(0)).toHaveText('Passed');
  await expect(row).toContainText('Run by hand: Eddie Editor');
  await expect(row).toContainText('0.94');
  await expect(row).toContainText('≥ 0.9');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await expect(row.getByRole('cell').nth(5)).toHaveText('1 record');
  await expect(results.getByRole('row')).toHaveCount(2);
  await expect(chart.getByText('20 values of the metric. 1 run shown: 1 passed, 0 failed, 0 with an error.')).toBeVisible();
  // The chart is a picture beside its summary in words (hidden from screen readers): the values' line and the threshold's.
  const drawing = chart.locator('[aria-hidden="true"] svg', { hasText: 'Threshold 0.9' });
  await expect(drawing).toBeVisible();
  await expect(drawing.locator('path[data-series="mean"]')).toBeVisible();
  await expect(drawing.locator('.MuiChartsReferenceLine-line')).toHaveCount(1);
  await expect(drawing.locator('g[data-series="passed"] > *')).toHaveCount(1);
  await expect(drawing.locator('g[data-series="failed"] > *')).toHaveCount(0);
  await expect(chart.getByRole('list', { name: 'Chart key' }).getByRole('listitem')).toHaveText(['Value (mean per period)', 'Threshold', 'Passed run', 'Failed run', 'Run with an error (on the threshold)']);
  await expect(article.locator('[data-result="passed"]').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'test detail');
  await screenshots(page, 'test-detail');

  // The Tests view lists it with its latest result.
  await testingTab.click();
  await expect(page.getByRole('status').filter({ hasText: /^1 test$/ })).toBeVisible();
  const testRow = page.getByRole('row', { name: /T-1/ });
  await expect(testRow.getByRole('link', { name: `T-1 ${TEST_NAME}` })).toHaveAttribute('href', testUrl);
  await expect(testRow.getByText('Passed')).toBeVisible();
  await expectNoSeriousViolations(page, 'testing');
  await screenshots(page, 'testing');

  // The control's page: the test with its latest result, and the generated evidence of the run.
  await page.goto(testUrl);
  await controls.getByRole('link', { name: code }).click();
  await expect(page).toHaveURL(`${projectUrl}/control-detail/${encodeURIComponent(code)}`);
  const proving = page.getByRole('region', { name: 'Tests', exact: true });
  const provingList = proving.getByRole('list', { name: 'Tests proving this control' });
  await expect(provingList.getByRole('link', { name: `T-1 ${TEST_NAME}` })).toHaveAttribute('href', testUrl);
  await expect(provingList.getByRole('listitem')).toHaveCount(1);
  await expect(provingList.getByText('Passed')).toBeVisible();
  await expect(provingList).toContainText('≥ 0.9');
  const evidence = page.getByRole('region', { name: 'Evidence', exact: true }).getByRole('list', { name: `Evidence linked to ${code}` });
  await expect(evidence.getByRole('link', { name: new RegExp(`^T-1 ${TEST_NAME}: passed \\(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC\\)$`) })).toBeVisible();
  await expectNoSeriousViolations(page, 'control detail with a test');

  expect(errors).toEqual([]);
});
