import path from 'node:path';
import { expect, test } from '@playwright/test';
import { collectBrowserErrors, makeRoomForJourneyProjects, SCREENSHOTS, signIn, tokenFor } from './support';

const CODE = 'MFF-1.RSK.01';

test('at 1440 px the controls table fits its card, a full row included: names and tags cut short keep their whole text in a title', async ({ page, request }) => {
  test.setTimeout(180_000);
  const errors = collectBrowserErrors(page);
  const bearer = async (email: string) => ({ authorization: `Bearer ${await tokenFor(request, email)}` });
  const owner = await bearer('owner@demo.local');
  const admin = await bearer('admin@demo.local');

  // A project with all three frameworks, four people on it, and one control with everything a row can show.
  await makeRoomForJourneyProjects(request, owner);
  const created = await request.post('/api/projects', { headers: owner, data: { name: `Wide rows ${Date.now()}`, project_type: 'ai_application', frameworks: ['EU_AI_ACT', 'ISO_IEC_42001', 'NIST_AI_RMF'] } });
  expect(created.status()).toBe(201);
  const project = ((await created.json()) as { id: string }).id;
  const ids: Record<string, string> = {};
  for (const [email, role] of Object.entries({ 'editor@demo.local': 'editor', 'reviewer@demo.local': 'reviewer', 'auditor@demo.local': 'auditor', 'owner@demo.local': undefined })) {
    const me = (await (await request.get('/api/users/me', { headers: await bearer(email) })).json()) as { id: string; organization: { id: string } };
    ids[email] = me.id;
    ids.organization = me.organization.id;
    if (role) expect((await request.post(`/api/users/${me.id}/roles?project_id=${project}&role=${role}`, { headers: owner })).status()).toBe(200);
  }
  const tags: string[] = [];
  for (const name of ['Fairness and non-discrimination', 'Data protection impact', 'Model monitoring']) {
    const tag = await request.post(`/api/organizations/${ids.organization}/tags`, { headers: admin, data: { name: `${name} ${Date.now()}` } });
    expect(tag.status()).toBe(201);
    tags.push(((await tag.json()) as { tag_id: string }).tag_id);
  }
  const control = `/api/projects/${project}/controls/${CODE}`;
  expect((await request.patch(`${control}/assignees`, { headers: owner, data: { assignees: [ids['owner@demo.local'], ids['editor@demo.local'], ids['auditor@demo.local']], reviewers: [ids['reviewer@demo.local'], ids['auditor@demo.local']] } })).status()).toBe(200);
  expect((await request.patch(control, { headers: owner, data: { status: 'in_progress', due_date: '2020-01-31', tags } })).status()).toBe(200);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'owner@demo.local');
  await page.goto(`/projects/project-detail/${project}/controls?sort_by=control_code&name=${encodeURIComponent('RSK')}`);
  const row = page.getByRole('row', { name: new RegExp(CODE.replace(/\./g, '\\.')) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Overdue')).toBeVisible();

  const table = page.getByRole('table', { name: 'Controls' });
  const sizes = await table.evaluate((element) => ({ table: element.scrollWidth, card: element.parentElement!.clientWidth, page: document.documentElement.scrollWidth }));
  expect(sizes.table).toBeLessThanOrEqual(sizes.card);
  expect(sizes.page).toBeLessThanOrEqual(1440);
  // Cut short, never lost: the whole name is in the title.
  await expect(row.getByTitle('Eddie Editor')).toBeVisible();
  await expect(row.getByTitle(/^Fairness and non-discrimination/)).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'controls-1440.png') });
  expect(errors).toEqual([]);
});
