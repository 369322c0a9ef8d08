import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../src/db/schema';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';
import { pdfText, squeezed } from './pdf-text';

// Separation of duties (issue 17, item 6; docs/separation-of-duties.md): an organization setting, on by
// default. Nobody approves what they work on or asked to have reviewed; reopening needs the force right;
// a forced approval carries its justification and shows as forced wherever the approval shows.
let t: TestApp;
let project: string;
let demo: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  for (const who of ['owner', 'editor', 'reviewer', 'auditor']) ids[who] = (await t.db.select().from(users).where(eq(users.email, `${who}@demo.local`)))[0]!.id;
});
afterAll(() => t.close());

const as = (who: string) => t.login(`${who}@demo.local`);
const url = (suffix = '') => `/api/projects/${project}/controls${suffix}`;
const reviews = (id: string, suffix = '') => `/api/projects/${project}/reviews/control/${id}${suffix}`;
const control = async (code: string) => (await (await as('owner'))({ method: 'GET', url: url(`/${code}`) })).json() as { id: string; status: string; allowed_transitions: string[] };
const assign = async (code: string, assignees: string[], reviewers: string[] = []) =>
  expect((await (await as('owner'))({ method: 'PATCH', url: url(`/${code}/assignees`), payload: { assignees, reviewers } })).statusCode).toBe(200);
const setSeparation = async (on: boolean) =>
  expect((await (await as('admin'))({ method: 'PATCH', url: `/api/v1/config/organizations/${demo}`, payload: { separation_of_duties_enabled: on } })).json()).toMatchObject({ separation_of_duties_enabled: on });

async function approvedByReview(code: string) {
  const target = await control(code);
  await (await as('editor'))({ method: 'POST', url: reviews(target.id), payload: { reviewers: [ids.reviewer!] } });
  expect((await (await as('reviewer'))({ method: 'PATCH', url: reviews(target.id, '/decision'), payload: { decision: 'approved', comment: 'ok' } })).statusCode).toBe(200);
  return target.id;
}

describe('with separation of duties (the default)', () => {
  it('the demo seed keeps it: no approval by an assignee or by the requester, no assessment after an approval', async () => {
    const rows = async (query: string) => ((await t.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    const approvedControls = await rows(`select r.id from review_requests r where r.status = 'approved'`);
    expect(approvedControls.length).toBeGreaterThan(0);
    expect(
      await rows(`select r.id from review_requests r join review_reviewers rr on rr.review_id = r.id and rr.decision = 'approved'
                   where r.status = 'approved' and (rr.user_id = r.requested_by
                      or exists (select 1 from work_item_people w where w.item_id = r.object_id and w.role = 'assignee' and w.user_id = rr.user_id))`),
    ).toEqual([]);
    expect(
      await rows(`select a.id from control_assessments a join review_requests r on r.object_id = a.project_control_id and r.status = 'approved'
                   join project_controls pc on pc.id = a.project_control_id and pc.status = 'approved' where a.created_at > r.settled_at`),
    ).toEqual([]);
  });

  it('is on for a new organization, readable by every member', async () => {
    const config = (await (await as('reviewer'))({ method: 'GET', url: `/api/v1/config/organizations/${demo}` })).json();
    expect(config.separation_of_duties_enabled).toBe(true);
  });

  it('an editor cannot reopen an approved control: reopening needs the force right', async () => {
    const code = 'MFF-1.GOV.03';
    await approvedByReview(code);
    const editor = await as('editor');
    expect((await editor({ method: 'GET', url: url(`/${code}`) })).json().allowed_transitions).toEqual([]);
    const refused = await editor({ method: 'PATCH', url: url(`/${code}`), payload: { status: 'in_progress', justification: 'I want to edit it' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toContain('reviews:force_update_status');
    expect((await control(code)).status).toBe('approved');
    // The owner holds the force right.
    expect((await control(code)).allowed_transitions).toEqual(['in_progress']);
    const owner = await as('owner');
    expect((await owner({ method: 'PATCH', url: url(`/${code}`), payload: { status: 'in_progress', justification: 'Scope changed' } })).statusCode).toBe(200);
  });

  it('an assignee cannot approve a review of what they work on', async () => {
    const code = 'MFF-1.GOV.04';
    const target = await control(code);
    await assign(code, [ids.auditor!]);
    const editor = await as('editor');
    // Naming an assignee as a reviewer is refused up front…
    const named = await editor({ method: 'POST', url: reviews(target.id), payload: { reviewers: [ids.auditor!] } });
    expect(named.statusCode).toBe(422);
    expect(named.json().detail).toContain('Arthur Auditor');
    // …and one assigned after the request still cannot approve it.
    expect((await editor({ method: 'POST', url: reviews(target.id), payload: { reviewers: [ids.reviewer!] } })).statusCode).toBe(201);
    await assign(code, [ids.auditor!, ids.reviewer!]);
    const approve = await (await as('reviewer'))({ method: 'PATCH', url: reviews(target.id, '/decision'), payload: { decision: 'approved', comment: 'fine' } });
    expect(approve.statusCode).toBe(403);
    expect(approve.json().detail).toContain('separation of duties');
    expect((await control(code)).status).toBe('in_review');
  });

  it('an assignee cannot force-approve', async () => {
    const code = 'MFF-1.GOV.05';
    const target = await control(code);
    await assign(code, [ids.owner!]);
    const owner = await as('owner');
    const refused = await owner({ method: 'POST', url: reviews(target.id, '?force_update_status=true'), payload: { reviewers: [], justification: 'Board approved' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toContain('separation of duties');
    expect((await control(code)).status).toBe('ready');
  });

  it('the requester cannot approve their own request', async () => {
    const code = 'MFF-1.GOV.06';
    const target = await control(code);
    const auditor = await as('auditor');
    expect((await auditor({ method: 'POST', url: reviews(target.id), payload: { reviewers: [ids.reviewer!] } })).statusCode).toBe(201);
    // A reviewer and the requester at once is refused when naming; deciding one's own request too.
    expect((await auditor({ method: 'PATCH', url: reviews(target.id, '/decision'), payload: { decision: 'approved' } })).statusCode).toBe(403);
    // Forcing an approval over one's own pending request is refused (it is pending: cancel it first).
    expect((await auditor({ method: 'POST', url: reviews(target.id, '?force_update_status=true'), payload: { reviewers: [], justification: 'x' } })).statusCode).toBe(409);
  });

  it('a forced approval needs a justification and is marked as forced on the list, in the history and in the export', async () => {
    const code = 'MFF-1.GOV.07';
    const target = await control(code);
    const owner = await as('owner');
    for (const justification of [undefined, '   ']) {
      const refused = await owner({ method: 'POST', url: reviews(target.id, '?force_update_status=true'), payload: { reviewers: [], ...(justification === undefined ? {} : { justification }) } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().detail).toContain('justification');
    }
    const forced = await owner({ method: 'POST', url: reviews(target.id, '?force_update_status=true'), payload: { reviewers: [], justification: 'Approved by the risk committee on 12-11-2026' } });
    expect(forced.statusCode).toBe(201);
    const list = (await owner({ method: 'GET', url: url(`?name=${code}`) })).json().items;
    expect(list[0]).toMatchObject({ control_code: code, status: 'approved', approval_forced: true });
    // A control approved through a review is not marked forced.
    await approvedByReview('MFF-1.GOV.08');
    expect((await owner({ method: 'GET', url: url('?name=MFF-1.GOV.08') })).json().items[0].approval_forced).toBe(false);

    const history = (await owner({ method: 'GET', url: url(`/${code}`) })).json().status_history;
    expect(history[0]).toMatchObject({ to: 'approved', forced: true, justification: 'Approved by the risk committee on 12-11-2026' });
    const log = (await owner({ method: 'GET', url: `/api/projects/${project}/logs/${target.id}` })).json().items;
    expect(log.find((e: { action: string }) => e.action === 'review_forced').after).toMatchObject({ forced: true, justification: 'Approved by the risk committee on 12-11-2026' });
    const text = squeezed((await pdfText((await owner({ method: 'GET', url: `/api/projects/${project}/export` })).rawPayload)).text);
    expect(text).toContain(squeezed('Forced by Olivia Owner'));
    expect(text).toContain(squeezed('Approved by the risk committee on 12-11-2026'));
  }, 180_000); // the export renders the whole demo project as a PDF: slow on a busy machine
});

describe('with separation of duties turned off', () => {
  it('lets an admin turn it off, and the earlier behaviour comes back', async () => {
    // Members may read it, only admins change it.
    expect((await (await as('owner'))({ method: 'PATCH', url: `/api/v1/config/organizations/${demo}`, payload: { separation_of_duties_enabled: false } })).statusCode).toBe(403);
    await setSeparation(false);

    // An editor reopens (still with a reason).
    const reopen = 'MFF-1.GOV.09';
    await approvedByReview(reopen);
    const editor = await as('editor');
    expect((await editor({ method: 'GET', url: url(`/${reopen}`) })).json().allowed_transitions).toEqual(['in_progress']);
    expect((await editor({ method: 'PATCH', url: url(`/${reopen}`), payload: { status: 'in_progress' } })).statusCode).toBe(422);
    expect((await editor({ method: 'PATCH', url: url(`/${reopen}`), payload: { status: 'in_progress', justification: 'Typo in the notes' } })).statusCode).toBe(200);

    // An assignee is named, and approves.
    const decide = await control('MFF-1.GOV.10');
    await assign('MFF-1.GOV.10', [ids.reviewer!]);
    expect((await editor({ method: 'POST', url: reviews(decide.id), payload: { reviewers: [ids.reviewer!] } })).statusCode).toBe(201);
    expect((await (await as('reviewer'))({ method: 'PATCH', url: reviews(decide.id, '/decision'), payload: { decision: 'approved', comment: 'ok' } })).statusCode).toBe(200);

    // An assignee forces an approval (the justification is still required).
    const force = await control('MFF-1.GOV.11');
    await assign('MFF-1.GOV.11', [ids.owner!]);
    const owner = await as('owner');
    expect((await owner({ method: 'POST', url: reviews(force.id, '?force_update_status=true'), payload: { reviewers: [] } })).statusCode).toBe(422);
    expect((await owner({ method: 'POST', url: reviews(force.id, '?force_update_status=true'), payload: { reviewers: [], justification: 'Small team' } })).statusCode).toBe(201);
    expect((await control('MFF-1.GOV.11')).status).toBe('approved');

    await setSeparation(true);
  });
});
