import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectControls, projects, users } from '../src/db/schema';
import { uploadEvidence } from './factories';
import { build, type TestApp } from './helper';

// Issue 29, items 1, 6 and 9: what a pending review covers is compared canonically (a treated risk is not
// "changed" by the order of its keys), every change of what it covers makes an approval stale, and
// changing a pending review's reviewers follows the rule that requesting it follows.
let t: TestApp;
let project: string;
let codes: string[] = [];
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await build();
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  for (const who of ['owner', 'editor', 'reviewer', 'auditor']) ids[who] = (await t.db.select().from(users).where(eq(users.email, `${who}@demo.local`)))[0]!.id;
  codes = (
    await t.db
      .select({ code: projectControls.controlCode })
      .from(projectControls)
      .where(and(eq(projectControls.projectId, project), inArray(projectControls.status, ['ready', 'in_progress']), isNull(projectControls.detachedAt)))
      .orderBy(projectControls.controlCode)
  ).map((r) => r.code);
});
afterAll(() => t.close());

const as = (who: string) => t.login(`${who}@demo.local`);
const reviews = (concept: string, id: string, suffix = '') => `/api/projects/${project}/reviews/${concept}/${id}${suffix}`;
const control = async (code: string) => (await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/controls/${code}` })).json() as { id: string; status: string };

async function request(concept: string, id: string, reviewers = [ids.reviewer!]) {
  const requested = await (await as('editor'))({ method: 'POST', url: reviews(concept, id), payload: { reviewers } });
  expect(requested.statusCode, requested.body).toBe(201);
  expect(requested.json()).toMatchObject({ stale: false, changes: [] });
}
const pending = async (concept: string, id: string) => (await (await as('reviewer'))({ method: 'GET', url: reviews(concept, id) })).json()[0] as { status: string; stale: boolean; changes: { field: string }[] };
const approve = (concept: string, id: string) => as('reviewer').then((reviewer) => reviewer({ method: 'PATCH', url: reviews(concept, id, '/decision'), payload: { decision: 'approved', comment: 'Seen' } }));

async function newRisk(name: string) {
  const created = await (await as('editor'))({ method: 'POST', url: `/api/projects/${project}/risks`, payload: { name, likelihood: 4, impact: 3 } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: string };
}

// First, before the tests below change the demo's objects under review.
describe('the demo seed', () => {
  it("the demo's pending reviews, of every concept, are not stale: what the seed snapshots is what the concepts read", async () => {
    const owner = await as('owner');
    let seen = 0;
    for (const concept of ['control', 'risk', 'evidence', 'asset_card']) {
      const page = (await owner({ method: 'GET', url: `/api/projects/${project}/reviews/${concept}?status=in_review&size=100` })).json();
      seen += page.items.length;
      expect(page.items.filter((r: { stale: boolean }) => r.stale).map((r: { object_label: string; changes: unknown }) => [r.object_label, r.changes]), concept).toEqual([]);
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('a treated risk under review (item 1)', () => {
  it('is not changed by its treatment and strategies being read back in another key order: the reviewer approves it', async () => {
    const risk = await newRisk('Treated and reviewed');
    const editor = await as('editor');
    const treatment = await editor({ method: 'PUT', url: `/api/projects/${project}/risks/${risk.id}/treatment`, payload: { option: 'mitigate', plan: 'Monitor monthly', residual_likelihood: 2, residual_impact: 2 } });
    expect(treatment.statusCode, treatment.body).toBe(200);
    const strategy = await editor({ method: 'POST', url: `/api/projects/${project}/risks/${risk.id}/treatment-strategies`, payload: { action: 'Add a drift monitor' } });
    expect(strategy.statusCode, strategy.body).toBe(201);
    await request('risk', risk.id);
    expect(await pending('risk', risk.id)).toMatchObject({ status: 'in_review', stale: false, changes: [] });
    const approved = await approve('risk', risk.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', stale: false });
  });

  it('a real change of the treatment is still one: named as the field that changed, and the approval refused', async () => {
    const risk = await newRisk('Treatment changed under review');
    const editor = await as('editor');
    await editor({ method: 'PUT', url: `/api/projects/${project}/risks/${risk.id}/treatment`, payload: { option: 'mitigate', plan: 'Monitor monthly' } });
    await request('risk', risk.id);
    expect((await editor({ method: 'PUT', url: `/api/projects/${project}/risks/${risk.id}/treatment`, payload: { option: 'mitigate', plan: 'Monitor weekly' } })).statusCode).toBe(200);
    expect(await pending('risk', risk.id)).toMatchObject({ stale: true, changes: [{ field: 'treatment', before: expect.objectContaining({ plan: 'Monitor monthly' }), after: expect.objectContaining({ plan: 'Monitor weekly' }) }] });
    const refused = await approve('risk', risk.id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'review_stale']);
    expect(refused.json().detail).toContain('treatment');
  });
});

describe('a change made while a review is pending makes its approval stale (item 6)', () => {
  it('linking a risk to a control under review', async () => {
    const target = await control(codes[0]!);
    const risk = await newRisk('Linked while the control is reviewed');
    await request('control', target.id);
    const linked = await (await as('editor'))({ method: 'PUT', url: `/api/projects/${project}/risks/${risk.id}/controls/${target.id}` });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await pending('control', target.id)).toMatchObject({ stale: true, changes: [expect.objectContaining({ field: 'risks' })] });
    const refused = await approve('control', target.id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'review_stale']);
  });

  it('adding a not_met assessment to a control under review', async () => {
    const target = await control(codes[1]!);
    await request('control', target.id);
    const assessed = await (await as('auditor'))({ method: 'POST', url: `/api/projects/${project}/controls/${codes[1]}/assessments`, payload: { result: 'not_met', rationale: 'No owner named' } });
    expect(assessed.statusCode, assessed.body).toBe(201);
    expect(await pending('control', target.id)).toMatchObject({ stale: true, changes: [expect.objectContaining({ field: 'assessment' })] });
    const refused = await approve('control', target.id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'review_stale']);
  });

  it('linking an asset card to a control, a risk or an evidence under review', async () => {
    const editor = await as('editor');
    const target = await control(codes[2]!);
    const risk = await newRisk('Linked to a card while reviewed');
    const evidence = (await uploadEvidence(editor, project, 'Model validation', { filename: 'validation.txt' })).json() as { id: string };
    const card = (await editor({ method: 'POST', url: `/api/projects/${project}/asset_cards`, payload: { name: 'Scorer', asset_card_type: 'model', asset_card_nature: 'in_house' } })).json() as { id: string };
    const objects = [
      ['control', target.id, 'control_ids'],
      ['risk', risk.id, 'risk_ids'],
      ['evidence', evidence.id, 'evidence_ids'],
    ] as const;
    for (const [concept, id] of objects) await request(concept, id);
    for (const [, id, field] of objects) {
      const linked = await editor({ method: 'PATCH', url: `/api/projects/${project}/asset_cards/${card.id}`, payload: { [field]: [id] } });
      expect(linked.statusCode, linked.body).toBe(200);
    }
    for (const [concept, id] of objects) {
      expect(await pending(concept, id), concept).toMatchObject({ stale: true, changes: [expect.objectContaining({ field: 'asset_cards' })] });
      const refused = await approve(concept, id);
      expect([refused.statusCode, refused.json().code], concept).toEqual([409, 'review_stale']);
    }
  });

  it('an object under review that nothing changed is approved as before', async () => {
    const target = await control(codes[3]!);
    await request('control', target.id);
    expect(await pending('control', target.id)).toMatchObject({ stale: false, changes: [] });
    expect((await approve('control', target.id)).statusCode).toBe(200);
  });
});

describe("changing a pending review's reviewers (item 9)", () => {
  it('refuses an assignee of the item, as requesting the review does, with the same answer', async () => {
    const code = codes[4]!;
    const target = await control(code);
    const owner = await as('owner');
    expect((await owner({ method: 'PATCH', url: `/api/projects/${project}/controls/${code}/assignees`, payload: { assignees: [ids.auditor], reviewers: [] } })).statusCode).toBe(200);
    const asked = await (await as('editor'))({ method: 'POST', url: reviews('control', target.id), payload: { reviewers: [ids.auditor] } });
    expect([asked.statusCode, asked.json().code]).toEqual([422, 'separation_of_duties']);
    await request('control', target.id);
    const changed = await (await as('editor'))({ method: 'PATCH', url: reviews('control', target.id), payload: { reviewers: [ids.reviewer, ids.auditor] } });
    expect([changed.statusCode, changed.json().code]).toEqual([422, 'separation_of_duties']);
    expect(changed.json().detail).toBe(asked.json().detail);
    expect(changed.json().errors).toEqual(asked.json().errors);
    const unchanged = (await (await as('reviewer'))({ method: 'GET', url: reviews('control', target.id) })).json()[0];
    expect(unchanged.reviewers.map((r: { reviewer: { id: string } }) => r.reviewer.id)).toEqual([ids.reviewer]);
  });
});
