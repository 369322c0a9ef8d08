import { expect, test, type Page } from '@playwright/test';
import { collectBrowserErrors, expectNoSeriousViolations, screenshots, setUpProject, signIn } from './support';

const CODE = 'MFF-1.RSK.01';
const REQUIREMENT = 'Art. 9(1)';

/** The requirement's row on the Requirements screen, narrowed to it by the URL's filters. */
async function requirementRow(page: Page, projectUrl: string) {
  await page.goto(`${projectUrl}/requirements?framework=EU_AI_ACT&name=${encodeURIComponent(REQUIREMENT)}`);
  const eu = page.getByRole('region', { name: 'EU AI Act' });
  const name = /^Art\. 9\(1\) /;
  const toggle = eu.getByRole('button', { name });
  await expect(toggle).toBeVisible();
  return { eu, toggle, row: eu.getByRole('listitem').filter({ has: page.getByRole('button', { name }) }) };
}

test('an owner assigns the editor, who starts the control, assesses it and comments; the requirement moves on', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const errors = collectBrowserErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A fresh project with the EU AI Act applied and Eddie Editor on it (the demo project's controls are already under way).
  const projectName = `Loan Pricing ${Date.now()}`;
  await setUpProject(request, projectName);

  // The owner opens the project's controls and finds the risk methodology control.
  await signIn(page, 'owner@demo.local');
  await page.goto(`/projects?name=${encodeURIComponent(projectName)}`);
  await page.getByRole('link', { name: projectName }).click();
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Controls' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Controls' })).toBeVisible();
  await expect(page.getByRole('row', { name: /MFF-1\./ }).first()).toBeVisible();
  const projectUrl = page.url().replace(/\/controls.*$/, '');
  await expectNoSeriousViolations(page, 'controls');
  await screenshots(page, 'controls');

  // Before: the requirement is ready, none of its controls started.
  const before = await requirementRow(page, projectUrl);
  await expect(before.row.getByText('Ready', { exact: true }).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'requirements');
  await screenshots(page, 'requirements');

  // The owner assigns Eddie Editor from the control's page.
  await page.goto(`${projectUrl}/controls?name=${encodeURIComponent(CODE)}`);
  await page.getByRole('link', { name: CODE }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Risk management methodology and criteria' })).toBeVisible();
  const people = page.getByRole('region', { name: 'People' });
  await people.getByRole('combobox', { name: 'Assignees' }).click();
  await page.getByRole('option', { name: /Eddie Editor/ }).click();
  await people.getByRole('button', { name: 'Save people' }).click();
  await expect(page.getByText('People saved; those newly named are notified')).toBeVisible();
  await expect(people.getByRole('button', { name: /Eddie Editor/ })).toBeVisible();

  // The editor, in a browser of their own, sees it in My work, filters the controls to theirs and opens it.
  const editorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 900 } });
  const editor = await editorContext.newPage();
  const editorErrors = collectBrowserErrors(editor);
  await signIn(editor, 'editor@demo.local');
  const work = editor.getByRole('region', { name: 'My work' });
  await expect(work.getByRole('heading', { name: projectName })).toBeVisible();
  // Other journeys on this server may assign Eddie elsewhere: the link of this project's card.
  const projectId = projectUrl.split('/').pop()!;
  await expect(work.getByRole('link', { name: '1 open control assigned to you' }).and(editor.locator(`[href*="${projectId}/"]`))).toBeVisible();
  await expectNoSeriousViolations(editor, 'home with my work');
  await editor.goto(`${projectUrl}/controls`);
  // The filter lives in the URL: the box is ticked once the navigation it makes is done.
  await editor.getByRole('checkbox', { name: 'Assigned to me' }).click();
  await expect(editor).toHaveURL(/is_assigned_to_me=true/);
  await expect(editor.getByRole('checkbox', { name: 'Assigned to me' })).toBeChecked();
  await expect(editor.getByText('1 control matches the filters')).toBeVisible();
  await editor.getByRole('link', { name: CODE }).click();
  await expect(editor.getByRole('heading', { level: 2, name: 'Risk management methodology and criteria' })).toBeVisible();

  // Starts it, records an assessment and a comment.
  await editor.getByRole('button', { name: 'Start' }).click();
  await expect(editor.getByRole('button', { name: 'Move back to ready' })).toBeVisible();
  await expect(editor.getByRole('region', { name: 'Status history' }).getByText('Ready → In progress')).toBeVisible();
  const assessments = editor.getByRole('region', { name: 'Assessments' });
  await assessments.getByRole('radio', { name: 'Partially met' }).click();
  await assessments.getByRole('textbox', { name: 'Rationale' }).fill('The method is drafted; the risk tolerance is not approved yet.');
  await assessments.getByRole('button', { name: 'Record assessment' }).click();
  await expect(assessments.getByRole('list', { name: 'Assessment history' }).getByText('The method is drafted; the risk tolerance is not approved yet.')).toBeVisible();
  const comments = editor.getByRole('region', { name: 'Comments' });
  await comments.getByRole('textbox', { name: 'Your comment' }).fill('Draft method shared with the risk committee.');
  await comments.getByRole('button', { name: 'Post comment' }).click();
  await expect(comments.getByRole('list', { name: 'Comments' }).getByText('Draft method shared with the risk committee.')).toBeVisible();
  const activity = editor.getByRole('region', { name: 'Activity' });
  await expect(activity.getByText(`Eddie Editor moved control ${CODE} Risk management methodology and criteria from Ready to In progress`)).toBeVisible();
  await expect(activity.getByText(`Eddie Editor assessed control ${CODE} Risk management methodology and criteria as Partially met`)).toBeVisible();
  await expectNoSeriousViolations(editor, 'control detail');
  await screenshots(editor, 'control-detail');

  // The breadcrumb leads back to the list as it was filtered.
  await editor.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Controls' }).click();
  await expect(editor).toHaveURL(/\/controls\?is_assigned_to_me=true$/);
  await expect(editor.getByRole('checkbox', { name: 'Assigned to me' })).toBeChecked();
  expect(editorErrors).toEqual([]);
  await editorContext.close();

  // The owner sees the requirement move on: in progress, its control among the started ones.
  const after = await requirementRow(page, projectUrl);
  await expect(after.row.getByText('In progress', { exact: true }).first()).toBeVisible();
  await expect(after.row.getByRole('img', { name: /1 in progress/ })).toBeVisible();
  await after.toggle.click();
  const controls = page.getByRole('list', { name: `Controls of EU AI Act ${REQUIREMENT}` });
  await expect(controls.getByRole('listitem').filter({ hasText: CODE })).toContainText('In progress');
  await expect(controls.getByRole('listitem').filter({ hasText: CODE })).toContainText('Eddie Editor');
  await expectNoSeriousViolations(page, 'requirements, opened');

  expect(errors).toEqual([]);
});
