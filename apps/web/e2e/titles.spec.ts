import { expect, test } from '@playwright/test';
import { signIn } from './support';

// WCAG 2.4.2: every screen names itself, most specific first, so tabs and history can be told apart.
test('each screen titles the tab, most specific first, and the history keeps the titles apart', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Aegis');

  await signIn(page, 'admin@demo.local');
  await expect(page).toHaveTitle('Dashboard · Aegis');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  // Off the drawer, which hover would otherwise open over the list.
  await page.mouse.move(900, 500);
  await expect(page).toHaveTitle('Projects · Aegis');

  await page.getByRole('link', { name: 'Credit Scoring Model' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Credit Scoring Model' })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard · Credit Scoring Model · Aegis');

  const sections = page.getByRole('navigation', { name: 'Project sections' });
  await sections.getByRole('link', { name: 'Controls' }).click();
  await expect(page).toHaveTitle('Controls · Credit Scoring Model · Aegis');

  // The list pages by code: find the control, then open it.
  await page.goto(`${page.url()}?name=MFF-1.RSK.01`);
  await expect(page).toHaveTitle('Controls · Credit Scoring Model · Aegis');
  await page.getByRole('link', { name: 'MFF-1.RSK.01' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Risk management methodology and criteria' })).toBeVisible();
  await expect(page).toHaveTitle('MFF-1.RSK.01 Risk management methodology and criteria · Credit Scoring Model · Aegis');

  await sections.getByRole('link', { name: 'Requirements' }).click();
  await expect(page).toHaveTitle('Requirements · Credit Scoring Model · Aegis');

  // Back to the control: the title follows the history.
  await page.goBack();
  await expect(page).toHaveTitle('MFF-1.RSK.01 Risk management methodology and criteria · Credit Scoring Model · Aegis');

  await page.goto('/organization/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page).toHaveTitle('Users · Demo Organization · Aegis');

  await page.getByRole('navigation', { name: 'Organization sections' }).getByRole('link', { name: 'Frameworks' }).click();
  await expect(page).toHaveTitle('Frameworks · Demo Organization · Aegis');

  await page.goto('/notifications');
  await expect(page).toHaveTitle('Notifications · Aegis');

  await page.goto('/reviews');
  await expect(page).toHaveTitle('Reviews · Aegis');
  await page.goto('/status');
  await expect(page).toHaveTitle('Status · Aegis');
  await page.goto('/help');
  await expect(page).toHaveTitle('Help · Aegis');

  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Aegis');
});
