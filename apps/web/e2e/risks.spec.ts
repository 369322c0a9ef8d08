import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectBrowserErrors, expectNoSeriousViolations, expectNoSeriousViolationsInBothThemes, screenshots, setUpProject, signIn } from './support';

const LIBRARY_RISK = 'Unfair outcomes for some groups of people';

/** RFC 4180 rows: quoted cells may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** Picks an option of an open MUI select by the start of its text. */
async function choose(page: Page, field: Locator, option: RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).click();
}

const heatMap = (page: Page, view: 'Inherent risk' | 'Residual risk') => page.getByRole('group', { name: view });

test('an editor adds a risk from the library, scores it high, links two controls and mitigates it to low; the heat map shows it move and the CSV lists it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const errors = collectBrowserErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // A fresh project with the EU AI Act applied (its controls come with it) and Eddie Editor on it.
  const projectName = `Hiring Assistant ${Date.now()}`;
  const projectId = await setUpProject(request, projectName);
  const projectUrl = `/projects/project-detail/${projectId}`;

  // The editor opens the project's empty register.
  await signIn(page, 'editor@demo.local');
  await page.goto(`${projectUrl}/risks`);
  await expect(page.getByRole('heading', { level: 2, name: 'Risks' })).toBeVisible();
  await expect(page.getByText(/No risks yet\. Start from the risk library/)).toBeVisible();
  await expect(page.getByText('0 risks in scope')).toBeVisible();
  await expectNoSeriousViolations(page, 'risks (empty)');

  // Adds a risk from the library: its fields arrive filled in; the editor scores it likely and major: high.
  await page.getByRole('button', { name: 'Add risk' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a risk' });
  await dialog.getByRole('combobox', { name: 'Start from the risk library' }).fill('unfair');
  await page.getByRole('option', { name: new RegExp(LIBRARY_RISK) }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(LIBRARY_RISK);
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toContainText('Fair, with harmful bias managed');
  await choose(page, dialog.getByRole('combobox', { name: /^Likelihood/ }), /^4 — Likely/);
  await choose(page, dialog.getByRole('combobox', { name: /^Impact/ }), /^4 — Major/);
  await expect(dialog.getByRole('status')).toContainText('High');
  await expectNoSeriousViolations(page, 'add risk dialog', '[role="dialog"]');
  // At 1400×900 its buttons stay in view: the fields scroll, not the dialog (issue 29, item 19).
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect(dialog.getByRole('button', { name: 'Add risk' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: 'Add risk' }).click();

  // Its page opens: inherent high, residual high until treated, above the medium appetite.
  await expect(page.getByRole('heading', { level: 2, name: LIBRARY_RISK })).toBeVisible();
  await expect(page).toHaveURL(/\/risk-detail\//);
  const riskUrl = new URL(page.url()).pathname;
  await expect(page.getByText('Inherent high')).toBeVisible();
  await expect(page.getByText('Residual high')).toBeVisible();
  await expect(page.getByText('Above the risk appetite')).toBeVisible();
  await expect(page.getByRole('img', { name: /Inherent: Likely \(4\) × Major \(4\), high\. No residual assessed yet\./ })).toBeVisible();

  // Before treatment both maps put it at likelihood 4, impact 4.
  await page.goto(`${projectUrl}/risks`);
  await expect(heatMap(page, 'Inherent risk').getByRole('button', { name: 'Likelihood 4, impact 4: 1 risk, high' })).toBeVisible();
  await expect(heatMap(page, 'Residual risk').getByRole('button', { name: 'Likelihood 4, impact 4: 1 risk, high' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`^R-1 ${LIBRARY_RISK}`) }).click();
  await expect(page.getByRole('heading', { level: 2, name: LIBRARY_RISK })).toBeVisible();

  // Links two risk-management controls of the project from the picker.
  const linked = page.getByRole('region', { name: 'Controls that reduce it' });
  await linked.getByRole('button', { name: 'Link controls…' }).click();
  const link = page.getByRole('dialog', { name: 'Link controls to R-1' });
  const picker = link.getByRole('combobox', { name: 'Controls' });
  await picker.fill('MFF-1.RSK');
  const options = page.getByRole('option');
  // The list is filtered on the server: wait until the first two options are risk-management controls.
  await expect(options.nth(0)).toContainText(/^MFF-1\.RSK/);
  await expect(options.nth(1)).toContainText(/^MFF-1\.RSK/);
  const codes = [(await options.nth(0).innerText()).split('\n')[0]!.trim(), (await options.nth(1).innerText()).split('\n')[0]!.trim()];
  await options.nth(0).click();
  await picker.fill('MFF-1.RSK');
  await page.getByRole('option', { name: new RegExp(`^${codes[1]!.replace(/\./g, '\\.')}`) }).click();
  await expectNoSeriousViolations(page, 'link controls dialog', '[role="dialog"]');
  await link.getByRole('button', { name: 'Link' }).click();
  const list = linked.getByRole('list', { name: 'Controls linked to R-1' });
  for (const code of codes) await expect(list.getByRole('link', { name: code })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('Ready').first()).toBeVisible();

  // Sets a mitigation whose residual is unlikely and minor: low.
  const treatment = page.getByRole('region', { name: 'Treatment', exact: true });
  await treatment.getByRole('radio', { name: /^Mitigate/ }).check();
  await treatment.getByRole('textbox', { name: 'Plan' }).fill('Test the screening for disparate impact before each release; a person reviews every rejection.');
  await choose(page, treatment.getByRole('combobox', { name: /^Residual likelihood/ }), /^2 — Unlikely/);
  await choose(page, treatment.getByRole('combobox', { name: /^Residual impact/ }), /^2 — Minor/);
  await expect(treatment.getByRole('status')).toContainText('Low');
  await treatment.getByRole('button', { name: 'Save treatment' }).click();
  await expect(page.getByText('Treatment saved')).toBeVisible();
  await expect(page.getByText('Residual low')).toBeVisible();
  await expect(page.getByText('Above the risk appetite')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /Residual: Unlikely \(2\) × Minor \(2\), low\./ })).toBeVisible();
  await expectNoSeriousViolationsInBothThemes(page, 'risk detail');
  await screenshots(page, 'risk-detail');

  // The heat map shows it moved: still at 4 × 4 before treatment, at 2 × 2 after it.
  await page.goto(`${projectUrl}/risks`);
  const inherent = heatMap(page, 'Inherent risk');
  const residual = heatMap(page, 'Residual risk');
  await expect(inherent.getByRole('button', { name: 'Likelihood 4, impact 4: 1 risk, high' })).toBeVisible();
  await expect(residual.getByRole('button', { name: 'Likelihood 2, impact 2: 1 risk, low' })).toBeVisible();
  await expect(residual.getByRole('button', { name: /^Likelihood 4, impact 4/ })).toHaveCount(0);
  await expect(inherent.getByRole('button', { name: /^Likelihood 2, impact 2/ })).toHaveCount(0);
  const row = page.getByRole('row', { name: /R-1/ });
  await expect(row.getByText('Mitigate')).toBeVisible();
  await expect(row.getByText('L2 × I2 = 4')).toBeVisible();
  await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();

  // A residual cell, chosen with the keyboard, filters the register to its risks; the chip clears it.
  await residual.getByRole('button', { name: 'Likelihood 2, impact 2: 1 risk, low' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/residual_likelihood=2&residual_impact=2/);
  // No risk is out of scope here: the status filter stays as it was.
  await expect(page).not.toHaveURL(/status=/);
  await expect(page.getByText('1 risk matches the filters')).toBeVisible();
  await expect(page.getByRole('row', { name: /R-1/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'risks');
  await screenshots(page, 'risks');
  await page.getByRole('button', { name: 'Clear the heat map filter: Residual: likelihood 2, impact 2' }).click();
  await expect(page).not.toHaveURL(/residual_likelihood/);

  // The register as CSV: a header and one row with the scores, the treatment and both controls.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const rows = parseCsv(await readFile((await file.path())!, 'utf8')).filter((cells) => cells.some(Boolean));
  expect(rows).toHaveLength(2);
  const [header, only] = rows as [string[], string[]];
  const cell = (name: string) => only[header.indexOf(name)];
  expect(cell('Reference')).toBe('R-1');
  expect(cell('Name')).toBe(LIBRARY_RISK);
  expect(cell('Likelihood')).toBe('4');
  expect(cell('Impact')).toBe('4');
  expect(cell('Inherent level')).toBe('High');
  expect(cell('Treatment')).toBe('Mitigate');
  expect(cell('Residual likelihood')).toBe('2');
  expect(cell('Residual impact')).toBe('2');
  expect(cell('Residual level')).toBe('Low');
  expect(cell('Above appetite')).toBe('No');
  expect(cell('Controls')).toBe([...codes].sort().join('; '));

  // The project's dashboard counts it by level and draws both maps; the control's page lists it.
  await page.goto(projectUrl);
  const card = page.getByRole('region', { name: 'Risks', exact: true });
  const levels = card.getByRole('table', { name: 'Risks by level, before and after treatment' });
  await expect(levels.getByRole('row').filter({ hasText: 'High' }).getByRole('cell')).toHaveText(['1', '0']);
  await expect(levels.getByRole('row').filter({ hasText: 'Low' }).getByRole('cell')).toHaveText(['0', '1']);
  await expect(card.getByRole('group', { name: 'Residual risk' }).getByRole('link', { name: 'Likelihood 2, impact 2: 1 risk, low' })).toBeVisible();
  await expectNoSeriousViolations(page, 'project dashboard with risks');
  await screenshots(page, 'project-dashboard-risks');
  await page.goto(`${projectUrl}/control-detail/${encodeURIComponent(codes[0]!)}`);
  const mitigates = page.getByRole('region', { name: 'Risks it mitigates' });
  await expect(mitigates.getByRole('link', { name: `R-1 ${LIBRARY_RISK}` })).toHaveAttribute('href', riskUrl);
  await expect(mitigates.getByText('Residual low')).toBeVisible();

  expect(errors).toEqual([]);
});
