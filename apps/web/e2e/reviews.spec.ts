import { expect, test, type Browser } from '@playwright/test';
import { collectBrowserErrors, expectNoSeriousViolations, screenshots, setUpProject, signIn } from './support';

const CODE = 'MFF-1.RSK.01';
const TITLE = 'Risk management methodology and criteria';
const PANEL = 'section[aria-labelledby="review-panel-title"]';

/** A browser of the person's own, signed in, at 1280 px. */
async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = collectBrowserErrors(page);
  await signIn(page, email);
  return { context, page, errors };
}

test('an editor asks Rita to review a control; she finds it, approves it and it locks; the owner reopens it', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const errors = collectBrowserErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A fresh project (the demo project's controls are already under way): Eddie edits, Rita reviews.
  const projectName = `Claims Triage ${Date.now()}`;
  const projectId = await setUpProject(request, projectName, { 'editor@demo.local': 'editor', 'reviewer@demo.local': 'reviewer' });
  const controlUrl = `/projects/project-detail/${projectId}/control-detail/${CODE}`;
  const message = `Method drafted for ${projectName}: please check the risk criteria.`;

  // The editor starts the control and asks Rita Reviewer to review it.
  await signIn(page, 'editor@demo.local');
  await page.goto(controlUrl);
  await expect(page.getByRole('heading', { level: 2, name: TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('button', { name: 'Move back to ready' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Review' });
  await expect(panel.getByText(/No review is pending/)).toBeVisible();
  await panel.getByRole('button', { name: 'Request a review…' }).click();
  const dialog = page.getByRole('dialog', { name: `Request a review of ${CODE}` });
  await dialog.getByRole('button', { name: 'Request review' }).click();
  await expect(dialog.getByText('Name at least one reviewer')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Reviewers' }).click();
  // Eddie may not review his own request, and an editor may not decide: neither is offered.
  await expect(page.getByRole('option', { name: /Eddie Editor/ })).toHaveCount(0);
  await page.getByRole('option', { name: /Rita Reviewer/ }).click();
  await dialog.getByRole('textbox', { name: 'Message to the reviewers' }).fill(message);
  await expectNoSeriousViolations(page, 'request review dialog', '[role="dialog"]');
  await screenshots(page, 'review-request-dialog');
  await dialog.getByRole('button', { name: 'Request review' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(/Requested by Eddie Editor/)).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Reviewers and their decisions' }).getByText('Awaiting decision')).toBeVisible();
  await expect(page.getByText(/A review is pending/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Activity' }).getByText(`Eddie Editor asked Rita Reviewer to review control ${CODE} ${TITLE}`)).toBeVisible();
  await expectNoSeriousViolations(page, 'review panel, pending', PANEL);
  await screenshots(page, 'review-pending');

  // Rita, in a browser of her own, sees it waiting on her home screen and on the Reviews page.
  const rita = await signedIn(browser, 'reviewer@demo.local');
  const card = rita.page.getByRole('region', { name: /Reviews awaiting you/ });
  await expect(card.getByRole('listitem').filter({ hasText: projectName })).toBeVisible();
  await expectNoSeriousViolations(rita.page, 'home with reviews awaiting');
  await screenshots(rita.page, 'home-reviews-awaiting');
  await rita.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(rita.page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  // Away from the side navigation, which opens wide while the pointer rests on it.
  await rita.page.mouse.move(900, 600);
  await expect.poll(() => rita.page.locator('nav .MuiDrawer-paper').first().evaluate((paper) => paper.getBoundingClientRect().width)).toBeLessThan(120);
  const awaiting = rita.page.getByRole('list', { name: 'Reviews awaiting you' }).getByRole('listitem').filter({ hasText: projectName });
  await expect(awaiting.getByRole('link', { name: `${CODE} ${TITLE}` })).toBeVisible();
  await expect(awaiting).toContainText('asked by Eddie Editor');
  await expectNoSeriousViolations(rita.page, 'reviews page');
  await screenshots(rita.page, 'reviews');

  // The unread notification that asked her leads to the control.
  await expect(rita.page.getByRole('link', { name: 'Notifications' })).toHaveAttribute('data-variant', 'unread');
  await rita.page.getByRole('link', { name: 'Notifications' }).click();
  const note = rita.page.getByRole('listitem').filter({ hasText: message });
  await expect(note.getByLabel('Unread')).toBeVisible();
  await note.getByRole('button', { name: `Open Review requested: ${CODE} ${TITLE}` }).click();
  await expect(rita.page).toHaveURL(controlUrl);
  await expect(rita.page.getByRole('heading', { level: 2, name: TITLE })).toBeVisible();

  // She approves it with a comment: the control is approved and locked.
  const decision = rita.page.getByRole('form', { name: 'Your decision' });
  await expect(rita.page.getByRole('region', { name: 'Review' }).getByText(message)).toBeVisible();
  await decision.getByRole('textbox', { name: 'Comment' }).fill('Criteria and tolerance are documented and signed.');
  await expectNoSeriousViolations(rita.page, 'review panel, deciding', PANEL);
  await screenshots(rita.page, 'review-deciding');
  await decision.getByRole('button', { name: 'Approve' }).click();
  await expect(rita.page.getByText(`${CODE} approved and locked`)).toBeVisible();
  await expect(rita.page.getByText(/Approved and locked/)).toBeVisible();
  const past = rita.page.getByRole('region', { name: 'Review' }).getByRole('list', { name: 'Past reviews' });
  await expect(past.getByText('“Criteria and tolerance are documented and signed.”')).toBeVisible();
  await expect(rita.page.getByRole('region', { name: 'Activity' }).getByText(`Rita Reviewer approved control ${CODE} ${TITLE}: “Criteria and tolerance are documented and signed.”`)).toBeVisible();
  expect(rita.errors).toEqual([]);
  await rita.context.close();

  // The owner finds it approved and locked: nothing to edit until it is reopened (who works on it may still
  // change), which she does with a reason — she holds the force right that separation of duties asks for.
  const owner = await signedIn(browser, 'owner@demo.local');
  await owner.page.goto(`/projects/project-detail/${projectId}/controls?name=${encodeURIComponent(CODE)}`);
  await expect(owner.page.getByRole('row', { name: new RegExp(CODE.replace(/\./g, '\\.')) }).getByText('Review approved')).toBeVisible();
  await owner.page.goto(controlUrl);
  await expect(owner.page.getByText(/Approved and locked/)).toBeVisible();
  await expect(owner.page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(owner.page.getByRole('button', { name: 'Record assessment' })).toHaveCount(0);
  await expectNoSeriousViolations(owner.page, 'review panel, approved', PANEL);
  await screenshots(owner.page, 'review-approved');
  await owner.page.getByRole('button', { name: 'Reopen…' }).click();
  const reopen = owner.page.getByRole('dialog', { name: `Reopen ${CODE}?` });
  await reopen.getByRole('textbox', { name: /Why reopen it/ }).fill('The risk criteria changed with the new scorecard');
  await reopen.getByRole('button', { name: 'Reopen' }).click();
  await expect(owner.page.getByText(`${CODE} reopened: it is in progress again`)).toBeVisible();
  await expect(owner.page.getByText(/Approved and locked/)).toHaveCount(0);
  await expect(owner.page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await expect(owner.page.getByRole('region', { name: 'Review' }).getByRole('button', { name: 'Request a review…' })).toBeVisible();
  await expect(owner.page.getByRole('region', { name: 'Status history' }).getByText('Approved → In progress')).toBeVisible();
  expect(owner.errors).toEqual([]);
  await owner.context.close();

  expect(errors).toEqual([]);
});
