import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../src/db/schema';
import { organizationId, uniqueEmail } from './factories';
import { build, type TestApp } from './helper';

let t: TestApp;
let demo: string;
let project: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  for (const email of ['owner@demo.local', 'editor@demo.local', 'reviewer@demo.local', 'auditor@demo.local', 'admin@demo.local', 'outsider@other.local']) {
    ids[email] = (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  }
});
afterAll(() => t.close());

const url = (suffix = '') => `/api/projects/${project}/controls${suffix}`;
const CODE = 'MFF-1.RSK.01';

describe('the controls list', () => {
  it('lists the demo project controls with the frameworks each serves, and filters them', async () => {
    const reviewer = await t.login('reviewer@demo.local');
    const all = (await reviewer({ method: 'GET', url: url('?size=250') })).json();
    expect(all.total).toBeGreaterThan(90);
    const risk = all.items.find((c: { control_code: string }) => c.control_code === CODE);
    expect(risk).toMatchObject({ title: expect.any(String), status: expect.any(String), frameworks: expect.arrayContaining(['EU_AI_ACT', 'ISO_IEC_42001', 'NIST_AI_RMF']) });
    expect(risk.requirement_count).toBeGreaterThan(3);

    const byName = (await reviewer({ method: 'GET', url: url(`?name=${encodeURIComponent(CODE)}`) })).json();
    expect(byName.items.map((c: { control_code: string }) => c.control_code)).toEqual([CODE]);
    const nist = (await reviewer({ method: 'GET', url: url('?framework=NIST_AI_RMF&size=250') })).json();
    expect(nist.total).toBeLessThan(all.total);
    const unknown = await reviewer({ method: 'GET', url: url('?framework=SOC2') });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].path).toBe('query.framework');
    const sorted = (await reviewer({ method: 'GET', url: url('?sort_by=title&descending=true&size=3') })).json();
    expect(sorted.items.map((c: { title: string }) => c.title.toLowerCase())).toEqual([...sorted.items.map((c: { title: string }) => c.title.toLowerCase())].sort().reverse());
    const light = (await reviewer({ method: 'GET', url: `/api/v1/projects/${project}/controls?name=RSK&size=2` })).json();
    expect(Object.keys(light.items[0]).sort()).toEqual(['control_code', 'id', 'status', 'title']);
    const withEvidence = (await reviewer({ method: 'GET', url: `/api/projects/${project}/controls_with_evidences?name=${CODE}` })).json();
    expect(withEvidence.items).toEqual([expect.objectContaining({ control_code: CODE, evidences: [] })]);
  });

  it('filters by requirement, status, tag and assignment', async () => {
    const owner = await t.login('owner@demo.local');
    const requirement = (await owner({ method: 'GET', url: `/api/projects/${project}/requirements?framework=EU_AI_ACT&name=${encodeURIComponent('Art. 9(2)')}` })).json().items[0];
    const forRequirement = (await owner({ method: 'GET', url: url(`?requirement=${requirement.id}`) })).json();
    expect(forRequirement.total).toBe(requirement.control_count);
    expect((await owner({ method: 'GET', url: url(`?requirement=${project}`) })).statusCode).toBe(422);

    const admin = await t.login('admin@demo.local');
    const tag = (await admin({ method: 'POST', url: `/api/organizations/${demo}/tags`, payload: { name: 'Bias', color: '#aa3366' } })).json();
    expect((await owner({ method: 'PATCH', url: url('/MFF-1.DAT.01'), payload: { tags: [tag.tag_id] } })).statusCode).toBe(200);
    expect((await owner({ method: 'PATCH', url: url('/MFF-1.DAT.01/assignees'), payload: { assignees: [ids['editor@demo.local']], reviewers: [ids['reviewer@demo.local']] } })).statusCode).toBe(200);
    expect((await owner({ method: 'GET', url: url(`?tags=${tag.tag_id}`) })).json().items.map((c: { control_code: string }) => c.control_code)).toEqual(['MFF-1.DAT.01']);
    const editor = await t.login('editor@demo.local');
    const mine = (await editor({ method: 'GET', url: url('?is_assigned_to_me=true') })).json();
    expect(mine.items.map((c: { control_code: string }) => c.control_code)).toContain('MFF-1.DAT.01');
    expect(mine.items.every((c: { assignees: { id: string }[] }) => c.assignees.some((a) => a.id === ids['editor@demo.local']))).toBe(true);
    const reviewer = await t.login('reviewer@demo.local');
    // "To review by me" is a review awaiting my decision (reviews/awaiting-me.ts): being named the control's reviewer is not enough.
    const toReview = async () => (await reviewer({ method: 'GET', url: url('?is_assigned_to_me_for_review=true') })).json().items.map((c: { control_code: string }) => c.control_code);
    expect(await toReview()).not.toContain('MFF-1.DAT.01');
    const dat01 = (await owner({ method: 'GET', url: url('/MFF-1.DAT.01') })).json() as { id: string };
    expect((await editor({ method: 'POST', url: `/api/projects/${project}/reviews/control/${dat01.id}`, payload: { reviewers: [ids['reviewer@demo.local']] } })).statusCode).toBe(201);
    expect(await toReview()).toContain('MFF-1.DAT.01');
    const outsider = await t.login('outsider@other.local');
    const otherTag = (await outsider({ method: 'POST', url: `/api/organizations/${await organizationId(t, 'Other Organization')}/tags`, payload: { name: 'Theirs' } })).json();
    expect((await owner({ method: 'GET', url: url(`?tags=${otherTag.tag_id}`) })).statusCode).toBe(404);
    expect((await owner({ method: 'GET', url: url('?status=ready,in_progress&size=1') })).statusCode).toBe(200);
    expect((await owner({ method: 'GET', url: url('?status=done') })).statusCode).toBe(422);
  });
});

describe('a control', () => {
  it('shows what it asks and every requirement it satisfies, across frameworks', async () => {
    const auditor = await t.login('auditor@demo.local');
    const detail = (await auditor({ method: 'GET', url: url(`/${CODE}`) })).json();
    expect(detail).toMatchObject({ control_code: CODE, objective: expect.any(String), guidance: expect.any(String), defined_by: 'MFF-1', locked: false });
    expect(detail.evidence_examples.length).toBeGreaterThan(0);
    expect(new Set(detail.satisfies.map((s: { framework_code: string }) => s.framework_code))).toEqual(new Set(['EU_AI_ACT', 'ISO_IEC_42001', 'NIST_AI_RMF']));
    expect(detail.satisfies[0]).toMatchObject({ requirement_code: expect.any(String), relationship: expect.any(String), source: expect.any(String) });
    expect((await auditor({ method: 'GET', url: url('/MFF-1.XX.99') })).statusCode).toBe(404);
  });

  it('moves within the life cycle: starts, goes out of scope only with a reason, refuses what only reviews do', async () => {
    const editor = await t.login('editor@demo.local');
    const code = 'MFF-1.GOV.12';
    const started = await editor({ method: 'PATCH', url: url(`/${code}`), payload: { status: 'in_progress', notes: 'Drafting the RACI', due_date: '2027-01-31' } });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'in_progress', notes: 'Drafting the RACI', due_date: '2027-01-31', allowed_transitions: ['ready', 'out_of_scope'] });
    expect(started.json().status_change).toMatchObject({ from: 'ready', to: 'in_progress', by: { id: ids['editor@demo.local'] } });

    const approve = await editor({ method: 'PATCH', url: url(`/${code}`), payload: { status: 'approved' } });
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ code: 'review_required' });
    const noReason = await editor({ method: 'PATCH', url: url(`/${code}`), payload: { status: 'out_of_scope' } });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().detail).toContain('justification');
    const out = await editor({ method: 'PATCH', url: url(`/${code}`), payload: { status: 'out_of_scope', justification: 'Covered by the group policy' } });
    expect(out.json()).toMatchObject({ status: 'out_of_scope', out_of_scope_justification: 'Covered by the group policy' });
    expect(out.json().status_change.justification).toBe('Covered by the group policy');
    expect((await editor({ method: 'PATCH', url: url(`/${code}`), payload: { due_date: '31-01-2027' } })).statusCode).toBe(422);
    expect((await editor({ method: 'PATCH', url: url(`/${code}`), payload: {} })).statusCode).toBe(422);
  });

  it('answers a change with what it moved, as its write returned it: not the whole detail', async () => {
    const editor = await t.login('editor@demo.local');
    const code = 'MFF-1.GOV.11';
    const before = await editor({ method: 'GET', url: url(`/${code}`) });
    expect(before.json()).toMatchObject({ status: 'ready', status_history: [] });
    const started = await editor({ method: 'PATCH', url: url(`/${code}`), payload: { status: 'in_progress' } });
    expect(started.statusCode).toBe(200);
    const change = started.json();
    expect(Object.keys(change).sort()).toEqual(
      ['id', 'control_code', 'status', 'notes', 'due_date', 'tags', 'out_of_scope_justification', 'locked', 'allowed_transitions', 'review_status', 'approval_forced', 'updated_at', 'status_change'].sort(),
    );
    expect(change).toMatchObject({ id: before.json().id, control_code: code, status: 'in_progress', locked: false, allowed_transitions: ['ready', 'out_of_scope'], review_status: null, approval_forced: false });
    expect(change.status_change).toEqual({ from: 'ready', to: 'in_progress', at: expect.any(String), by: { id: ids['editor@demo.local'], name: 'Eddie Editor', email: 'editor@demo.local' }, justification: null, forced: false });
    // A fraction of the detail's size (which carries what the control asks and every requirement it satisfies).
    expect(started.body.length).toBeLessThan(1024);
    expect(started.body.length * 5).toBeLessThan(before.body.length);
    // The entry it answered is the one the history keeps, to the millisecond; the rest agrees with the detail.
    const after = (await editor({ method: 'GET', url: url(`/${code}`) })).json();
    expect(after.status_history[0]).toEqual(change.status_change);
    const { status_change: _entry, ...fields } = change;
    expect(after).toMatchObject(fields);

    // The same status again changes nothing and writes no entry; a change of notes alone answers no status change.
    expect((await editor({ method: 'PATCH', url: url(`/${code}`), payload: { status: 'in_progress' } })).json()).toMatchObject({ status: 'in_progress', status_change: null });
    const noted = await editor({ method: 'PATCH', url: url(`/${code}`), payload: { notes: 'Owner named' } });
    expect(noted.json()).toMatchObject({ notes: 'Owner named', status: 'in_progress', status_change: null });
    expect((await editor({ method: 'GET', url: url(`/${code}`) })).json().status_history).toHaveLength(1);
  });

  it('is locked once approved: nothing changes until someone reopens it', async () => {
    const code = 'MFF-1.GOV.03';
    const [row] = (await t.db.execute(`update project_controls set status = 'approved' where project_id = '${project}' and control_code = '${code}' returning id`) as unknown as { rows: { id: string }[] }).rows;
    expect(row).toBeDefined();
    const owner = await t.login('owner@demo.local');
    const edit = await owner({ method: 'PATCH', url: url(`/${code}`), payload: { notes: 'late change' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().detail).toContain('reopen it first');
    // Who works on it may still change (issue 17, item 5).
    expect((await owner({ method: 'PATCH', url: url(`/${code}/assignees`), payload: { assignees: [], reviewers: [] } })).statusCode).toBe(200);
    expect((await owner({ method: 'PATCH', url: url(`/${code}`), payload: { status: 'ready' } })).statusCode).toBe(409);
    // Reopening asks why.
    expect((await owner({ method: 'PATCH', url: url(`/${code}`), payload: { status: 'in_progress' } })).statusCode).toBe(422);
    const reopened = await owner({ method: 'PATCH', url: url(`/${code}`), payload: { status: 'in_progress', justification: 'The policy changed' } });
    expect(reopened.json()).toMatchObject({ status: 'in_progress', locked: false, status_change: { from: 'approved', to: 'in_progress', justification: 'The policy changed' } });
    expect((await owner({ method: 'PATCH', url: url(`/${code}`), payload: { notes: 'now it can change' } })).statusCode).toBe(200);
  });

  it('assigns project members only, notifies them, and refuses outsiders', async () => {
    const owner = await t.login('owner@demo.local');
    const admin = await t.login('admin@demo.local');
    const stranger = (await admin({ method: 'POST', url: `/api/organizations/${demo}/users_force`, payload: { email: uniqueEmail('stranger'), firstname: 'Sam', lastname: 'Stranger' } })).json();
    const notMember = await owner({ method: 'PATCH', url: url('/MFF-1.GOV.04/assignees'), payload: { assignees: [stranger.user_id], reviewers: [] } });
    expect(notMember.statusCode).toBe(422);
    expect(notMember.json().detail).toContain('Sam Stranger');
    const foreign = await owner({ method: 'PATCH', url: url('/MFF-1.GOV.04/assignees'), payload: { assignees: [ids['outsider@other.local']], reviewers: [] } });
    expect(foreign.statusCode).toBe(404);
    const assigned = await owner({ method: 'PATCH', url: url('/MFF-1.GOV.04/assignees'), payload: { assignees: [ids['auditor@demo.local']], reviewers: [ids['reviewer@demo.local']] } });
    expect(assigned.json().assignees).toEqual([expect.objectContaining({ id: ids['auditor@demo.local'], name: 'Arthur Auditor' })]);
    const auditor = await t.login('auditor@demo.local');
    const notifications = (await auditor({ method: 'GET', url: '/api/notifications' })).json();
    expect(notifications.items[0]).toMatchObject({ name: expect.stringContaining('Assigned to you: MFF-1.GOV.04') });
    const work = (await auditor({ method: 'GET', url: '/api/users/me/work' })).json();
    const before = work.items.find((w: { project_id: string }) => w.project_id === project).controls_assigned;
    await owner({ method: 'PATCH', url: url('/MFF-1.GOV.05/assignees'), payload: { assignees: [ids['auditor@demo.local']], reviewers: [] } });
    const after = (await auditor({ method: 'GET', url: '/api/users/me/work' })).json();
    expect(after.items.find((w: { project_id: string }) => w.project_id === project).controls_assigned).toBe(before + 1);
  });

  it('changes many at once; each control takes all of the change or none, and those refused are named', async () => {
    const owner = await t.login('owner@demo.local');
    const codes = ['MFF-1.DOC.01', 'MFF-1.DOC.02'];
    const done = await owner({ method: 'POST', url: url('/bulk'), payload: { control_codes: codes, status: 'in_progress', add_assignees: [ids['editor@demo.local']] } });
    expect(done.json()).toEqual({ updated: expect.arrayContaining([expect.any(String)]), refused: [] });
    expect(done.json().updated).toHaveLength(2);
    await t.db.execute(`update project_controls set status = 'approved' where project_id = '${project}' and control_code = 'MFF-1.DOC.02'`);
    const refused = await owner({ method: 'POST', url: url('/bulk'), payload: { control_codes: codes, status: 'ready' } });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().refused).toEqual([expect.objectContaining({ control_code: 'MFF-1.DOC.02', code: 'locked' })]);
    expect(refused.json().updated).toHaveLength(1);
    expect((await owner({ method: 'GET', url: url('/MFF-1.DOC.01') })).json().status).toBe('ready');
    expect((await owner({ method: 'GET', url: url('/MFF-1.DOC.02') })).json().status).toBe('approved');
    expect((await owner({ method: 'POST', url: url('/bulk'), payload: { control_codes: ['MFF-1.NOPE.01'], status: 'ready' } })).statusCode).toBe(422);
  });

  it('keeps the history of assessments', async () => {
    const auditor = await t.login('auditor@demo.local');
    const first = await auditor({ method: 'POST', url: url(`/${CODE}/assessments`), payload: { result: 'partially_met', rationale: 'Register exists, no owners yet' } });
    expect(first.statusCode).toBe(201);
    await auditor({ method: 'POST', url: url(`/${CODE}/assessments`), payload: { result: 'met', rationale: 'Owners named' } });
    expect((await auditor({ method: 'POST', url: url(`/${CODE}/assessments`), payload: { result: 'met', rationale: '' } })).statusCode).toBe(422);
    expect((await auditor({ method: 'POST', url: url(`/${CODE}/assessments`), payload: { result: 'great', rationale: 'x' } })).statusCode).toBe(422);
    const history = (await auditor({ method: 'GET', url: url(`/${CODE}/assessments`) })).json();
    expect(history.items.map((a: { result: string }) => a.result)).toEqual(['met', 'partially_met']);
    expect((await auditor({ method: 'GET', url: url(`/${CODE}`) })).json().latest_assessment).toMatchObject({ result: 'met', assessed_by: { name: 'Arthur Auditor' } });
    const reviewer = await t.login('reviewer@demo.local');
    expect((await reviewer({ method: 'POST', url: url(`/${CODE}/assessments`), payload: { result: 'met', rationale: 'x' } })).statusCode).toBe(403);
    expect((await reviewer({ method: 'PATCH', url: url(`/${CODE}`), payload: { status: 'in_progress' } })).statusCode).toBe(403);
  });

  it('hides another organization behind 404', async () => {
    const outsider = await t.login('outsider@other.local');
    for (const path of ['', `/${CODE}`, `/${CODE}/assessments`]) expect((await outsider({ method: 'GET', url: url(path) })).statusCode).toBe(404);
    expect((await outsider({ method: 'PATCH', url: url(`/${CODE}`), payload: { notes: 'x' } })).statusCode).toBe(404);
  });
});
