import { expect, test, type Browser, type Page } from '@playwright/test';
import { collectBrowserErrors, expectNoSeriousViolations, expectNoSeriousViolationsInBothThemes, screenshots, setUpProject, signIn } from './support';

const CODE = 'MFF-1.RSK.01';
const TITLE = 'Risk management methodology and criteria';
const PANEL = 'section[aria-labelledby="review-panel-title"]';

/** The control page's status chip (beside the word "Status" in its header). */
const statusChip = (page: Page) => page.getByText('Status', { exact: true }).locator('xpath=following-sibling::*[1][contains(@class, "MuiChip-root")]');

/** A browser of the person's own, signed in, at 1280 px. */
async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = collectBrowserErrors(page);
  await signIn(page, email);
  return { context, page, errors };
}

test('an editor asks Rita to review a control; she finds it, approves it and it locks; the owner reopens it; the other open screens follow live', async ({ page, browser, request }) => {
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
  await expectNoSeriousViolationsInBothThemes(page, 'request review dialog', '[role="dialog"]');
  await screenshots(page, 'review-request-dialog');
  await dialog.getByRole('button', { name: 'Request review' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(/Requested by Eddie Editor/)).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Reviewers and their decisions' }).getByText('Awaiting decision')).toBeVisible();
  await expect(page.getByText(/A review is pending/)).toBeVisible();
  await expect(statusChip(page)).toHaveText('In review');
  await expect(page.getByRole('region', { name: 'Activity' }).getByText(`Eddie Editor asked Rita Reviewer to review control ${CODE} ${TITLE}`)).toBeVisible();
  await expectNoSeriousViolationsInBothThemes(page, 'review panel, pending', PANEL);
  await screenshots(page, 'review-pending');

  // Rita, in a browser of her own, sees it waiting on her home screen, and her bell counts it.
  const rita = await signedIn(browser, 'reviewer@demo.local');
  const card = rita.page.getByRole('region', { name: /Reviews awaiting you/ });
  const cardItem = card.getByRole('listitem').filter({ hasText: projectName });
  await expect(cardItem).toBeVisible();
  await expectNoSeriousViolations(rita.page, 'home with reviews awaiting');
  await screenshots(rita.page, 'home-reviews-awaiting');
  const cardHeading = card.getByRole('heading', { level: 2 });
  const awaitingBefore = Number(/\((\d+)\)/.exec((await cardHeading.textContent()) ?? '')?.[1]);
  const bell = rita.page.getByRole('link', { name: 'Notifications', exact: true });
  await expect(bell).toHaveAttribute('data-variant', 'unread');
  const unreadBefore = Number(await bell.getByTestId('unread-count').textContent());
  expect(awaitingBefore).toBeGreaterThan(0);
  expect(unreadBefore).toBeGreaterThan(0);

  // She works in a second tab, leaving the home screen open in the first: the Reviews page lists it.
  const desk = await rita.context.newPage();
  const deskErrors = collectBrowserErrors(desk);
  await desk.goto('/');
  await desk.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  // Away from the side navigation, which opens wide while the pointer rests on it.
  await desk.mouse.move(900, 600);
  await expect.poll(() => desk.locator('nav .MuiDrawer-paper').first().evaluate((paper) => paper.getBoundingClientRect().width)).toBeLessThan(120);
  const awaiting = desk.getByRole('list', { name: 'Reviews awaiting you' }).getByRole('listitem').filter({ hasText: projectName });
  await expect(awaiting.getByRole('link', { name: `${CODE} ${TITLE}` })).toBeVisible();
  await expect(awaiting).toContainText('asked by Eddie Editor');
  await expectNoSeriousViolationsInBothThemes(desk, 'reviews page');
  await screenshots(desk, 'reviews');

  // The notification that asked her is unread; she leaves it so and opens the control from the Reviews page.
  await desk.getByRole('link', { name: 'Notifications', exact: true }).click();
  await expect(desk.getByRole('listitem').filter({ hasText: message }).getByLabel('Unread', { exact: true })).toBeVisible();
  await desk.goBack();
  await awaiting.getByRole('link', { name: `${CODE} ${TITLE}` }).click();
  await expect(desk).toHaveURL(controlUrl);
  await expect(desk.getByRole('heading', { level: 2, name: TITLE })).toBeVisible();

  // She approves it with a comment: the control is approved and locked.
  const decision = desk.getByRole('form', { name: 'Your decision' });
  await expect(desk.getByRole('region', { name: 'Review' }).getByText(message)).toBeVisible();
  await decision.getByRole('textbox', { name: 'Comment' }).fill('Criteria and tolerance are documented and signed.');
  await expectNoSeriousViolations(desk, 'review panel, deciding', PANEL);
  await screenshots(desk, 'review-deciding');
  await decision.getByRole('button', { name: 'Approve' }).click();
  await expect(desk.getByText(`${CODE} approved and locked`)).toBeVisible();
  await expect(desk.getByText(/Approved and locked/)).toBeVisible();
  const past = desk.getByRole('region', { name: 'Review' }).getByRole('list', { name: 'Past reviews' });
  await expect(past.getByText('“Criteria and tolerance are documented and signed.”')).toBeVisible();
  await expect(desk.getByRole('region', { name: 'Activity' }).getByText(`Rita Reviewer approved control ${CODE} ${TITLE}: “Criteria and tolerance are documented and signed.”`)).toBeVisible();

  // Live (issue 17, item 12), nothing reloaded: Eddie's page, open since he asked, shows the decision...
  await expect(statusChip(page)).toHaveText('Approved');
  await expect(page.getByText(/Approved and locked/)).toBeVisible();
  await expect(page.getByText(/A review is pending/)).toHaveCount(0);
  await expect(panel.getByRole('list', { name: 'Past reviews' }).getByText('“Criteria and tolerance are documented and signed.”')).toBeVisible();
  // ...and Rita's home tab counts one review less, on the card and on the bell (the notification is resolved).
  await expect(cardItem).toHaveCount(0);
  await expect(cardHeading).toHaveText(new RegExp(`\\(${awaitingBefore - 1}\\)$`));
  await expect(bell).toHaveAccessibleDescription(unreadBefore > 1 ? `${unreadBefore - 1} unread` : '');
  // The notification, read now, still leads to the control.
  await bell.click();
  const note = rita.page.getByRole('listitem').filter({ hasText: message });
  await expect(note).toBeVisible();
  await expect(note.getByLabel('Unread', { exact: true })).toHaveCount(0);
  await note.getByRole('button', { name: `Open Review requested: ${CODE} ${TITLE}` }).click();
  await expect(rita.page).toHaveURL(controlUrl);
  await expect(statusChip(rita.page)).toHaveText('Approved');
  await desk.close();

  // Eddie looks at the controls list: the control's chip says how its review ended.
  await page.goto(`/projects/project-detail/${projectId}/controls?name=${encodeURIComponent(CODE)}`);
  const eddieRow = page.getByRole('row', { name: new RegExp(CODE.replace(/\./g, '\\.')) });
  await expect(eddieRow.getByText('Review approved')).toBeVisible();

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

  // The other open screens follow without a reload: Eddie's list drops 'Review approved', Rita's control unlocks.
  await expect(eddieRow.getByText('Review approved')).toHaveCount(0);
  await expect(eddieRow.getByText('In progress')).toBeVisible();
  await expect(statusChip(rita.page)).toHaveText('In progress');
  await expect(rita.page.getByText(/Approved and locked/)).toHaveCount(0);
  expect(rita.errors).toEqual([]);
  expect(deskErrors).toEqual([]);
  await rita.context.close();
  expect(owner.errors).toEqual([]);
  await owner.context.close();

  expect(errors).toEqual([]);
});
