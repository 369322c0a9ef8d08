import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { collectBrowserErrors, signIn } from './support';

async function expectNoSeriousViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${screen}: ${v.id} — ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A small template in the documented format (docs/framework-templates.md), under a code of its own. */
function template(code: string, name: string, control = 'MFF-1.GOV.04'): string {
  return [
    `framework_code: ${code}`,
    `name: ${name}`,
    'version: "2025.1"',
    'publisher: Acme Corp, AI governance office',
    'project_types: [ai_application]',
    'requirements:',
    '  - code: "1"',
    '    title: Accountability',
    '    children:',
    '      - code: "1.1"',
    '        title: Every AI system has a named owner',
    '        summary: The owner answers for the system and its risks.',
    `        controls: [${control}]`,
    '  - code: "2"',
    '    title: Customers know when they talk to an AI',
    '    coverage: partial',
    '    coverage_note: A works-council consultation is also required; no control covers it yet.',
    '    controls:',
    '      - { code: MFF-1.TRA.04, relationship: superset, rationale: Disclosure is one part of what section 2 asks. }',
    '',
  ].join('\n');
}

const file = (name: string, text: string) => ({ name, mimeType: 'application/yaml', buffer: Buffer.from(text) });

test('frameworks: a platform operator offers one, an admin uploads and enables frameworks, and a project applies them', async ({ page, browser }) => {
  // Two people, several screens and an axe run on each: longer than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const errors = collectBrowserErrors(page);
  const stamp = Date.now().toString(36).toUpperCase();
  const platformCode = `SECTOR_${stamp}`;
  const platformName = `Sector guide ${stamp}`;
  const ownCode = `ACME_${stamp}`;
  const ownName = `Acme AI policy ${stamp}`;

  // The platform operator uploads a framework that organizations switch on themselves.
  const operatorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const operator = await operatorContext.newPage();
  await signIn(operator, 'internal@demo.local');
  await operator.goto('/admin');
  await operator.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Frameworks' }).click();
  await expect(operator).toHaveURL('/admin/frameworks');
  await expect(operator.getByRole('table', { name: 'Frameworks' })).toContainText('EU AI Act');
  await expectNoSeriousViolations(operator, 'admin frameworks');
  await operator.getByRole('button', { name: 'Upload framework' }).click();
  const platformUpload = operator.getByRole('dialog', { name: 'Upload a platform framework' });
  await expect(platformUpload.getByRole('checkbox', { name: 'Enable for every organization by default' })).not.toBeChecked();
  await platformUpload.getByLabel('Choose a template file').setInputFiles(file('sector.yaml', template(platformCode, platformName)));
  await expect(platformUpload.getByText(`${platformName} (${platformCode}) was uploaded.`)).toBeVisible();
  await platformUpload.getByRole('link', { name: 'Open it' }).click();
  await expect(operator.getByRole('heading', { level: 2, name: platformName })).toBeVisible();
  await expect(operator.getByRole('table', { name: 'Organizations' }).getByRole('switch', { name: `${platformName} for Demo Organization enabled` })).not.toBeChecked();
  await expectNoSeriousViolations(operator, 'admin framework detail');
  await operatorContext.close();

  // The organization admin: the Frameworks tab, a refused upload with its problems, then a good one.
  await signIn(page, 'admin@demo.local');
  await page.goto('/organization');
  await page.getByRole('navigation', { name: 'Organization sections' }).getByRole('link', { name: 'Frameworks' }).click();
  await expect(page).toHaveURL('/organization/frameworks');
  const catalogue = page.getByRole('table', { name: 'Frameworks' });
  await expect(catalogue.getByRole('link', { name: 'EU AI Act' })).toBeVisible();
  await expect(catalogue.getByRole('switch', { name: /^MFF-1.* enabled$/ })).toBeDisabled();
  await expectNoSeriousViolations(page, 'organization frameworks');

  await page.getByRole('button', { name: 'Upload template' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload a template' });
  await expect(upload.getByRole('link', { name: /Template format/ })).toHaveAttribute('href', '/api/schemas/framework-template.json');
  await upload.getByLabel('Choose a template file').setInputFiles(file('broken.yaml', template(ownCode, ownName, 'MFF-1.XX.99')));
  const problems = upload.getByRole('list', { name: 'Problems in the template' });
  await expect(problems).toContainText('MFF-1.XX.99');
  await expect(upload.getByText('broken.yaml was not uploaded')).toBeVisible();
  await expectNoSeriousViolations(page, 'upload refused');
  await upload.getByLabel('Choose a template file').setInputFiles(file('acme.yaml', template(ownCode, ownName)));
  await expect(upload.getByText(`${ownName} (${ownCode}) was uploaded.`)).toBeVisible();
  await expect(problems).toHaveCount(0);
  await upload.getByRole('button', { name: 'Close' }).click();

  // The platform framework is off for the organization until its admin switches it on.
  await expect(catalogue.getByRole('row', { name: new RegExp(platformName) })).toContainText('(switched off)');
  await catalogue.getByRole('switch', { name: `${platformName} enabled` }).click();
  await expect(catalogue.getByRole('switch', { name: `${platformName} enabled` })).toBeChecked();
  await expect(catalogue.getByRole('row', { name: new RegExp(platformName) })).not.toContainText('(switched off)');

  // Its page: the framework and its tree.
  await catalogue.getByRole('link', { name: platformName }).click();
  await expect(page.getByRole('heading', { level: 2, name: platformName })).toBeVisible();
  await expect(page.getByText('Platform', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Requirements' }).getByRole('button', { name: /^1 Accountability/ })).toBeVisible();
  await page.getByRole('link', { name: 'All frameworks' }).click();

  // The own template's page: its tree, searched, with its partial coverage flagged.
  await catalogue.getByRole('link', { name: ownName }).click();
  await expect(page).toHaveURL(`/organization/frameworks/${ownCode}`);
  await expect(page.getByRole('heading', { level: 2, name: ownName })).toBeVisible();
  const tree = page.getByRole('list', { name: 'Requirements' });
  await expect(tree.getByRole('button', { name: /^2 Customers know when they talk to an AI.*Partly covered/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search requirements' }).fill('named owner');
  await expect(page.getByText('1 requirement matches “named owner”.')).toBeVisible();
  await tree.getByRole('button', { name: /^1\.1 Every AI system has a named owner/ }).click();
  await expect(tree.getByText('MFF-1.GOV.04')).toBeVisible();
  await page.getByRole('tab', { name: /Controls and crosswalk/ }).click();
  await expect(page.getByRole('list', { name: 'Controls' }).getByRole('button', { name: /MFF-1\.GOV\.04/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'framework page');

  // A new project applies both; its dashboard shows them with their progress.
  const project = `Frameworks journey ${stamp}`;
  await page.goto('/projects/new-project');
  await page.getByRole('textbox', { name: 'Name' }).fill(project);
  const picker = page.getByRole('group', { name: 'Frameworks' });
  await picker.getByRole('checkbox', { name: new RegExp(ownName) }).check();
  await picker.getByRole('checkbox', { name: new RegExp(platformName) }).check();
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/projects\/project-detail\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: project })).toBeVisible();
  const card = page.getByRole('region', { name: 'Frameworks' });
  await expect(card.getByRole('link', { name: ownName })).toBeVisible();
  await expect(card.getByRole('link', { name: platformName })).toBeVisible();
  await expect(card.getByRole('progressbar', { name: new RegExp(`^${ownName}: 0 of \\d+ controls approved$`) })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Apply framework' })).toBeVisible();
  await expectNoSeriousViolations(page, 'project dashboard with frameworks');

  // Settings: the same frameworks, with Remove.
  await page.getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Frameworks' });
  await expect(section.getByRole('button', { name: `Remove ${platformName}` })).toBeVisible();
  await expectNoSeriousViolations(page, 'project settings with frameworks');

  // The refused upload answers 422, which the browser logs as a failed resource.
  expect(errors.filter((e) => !/422|Unprocessable/i.test(e))).toEqual([]);
});
