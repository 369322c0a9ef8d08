import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../src/db/schema';
import { build, type TestApp } from './helper';

let t: TestApp;
let project: string;
let chatbot: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await build();
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  chatbot = (await t.db.select().from(projects).where(eq(projects.name, 'Customer Support Chatbot')))[0]!.id;
  for (const email of ['owner@demo.local', 'editor@demo.local', 'reviewer@demo.local', 'auditor@demo.local', 'admin@demo.local', 'outsider@other.local']) {
    ids[email] = (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  }
});
afterAll(() => t.close());

const url = (suffix = '') => `/api/projects/${project}/risks${suffix}`;
const today = () => t.clock.now().toISOString().slice(0, 10);

async function create(body: Record<string, unknown>) {
  const response = await (await t.login('editor@demo.local'))({ method: 'POST', url: url(), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; reference: string; name: string };
}

async function approve(riskId: string) {
  const editor = await t.login('editor@demo.local');
  const requested = await editor({ method: 'POST', url: `/api/projects/${project}/reviews/risk/${riskId}`, payload: { reviewers: [ids['reviewer@demo.local']] } });
  expect(requested.statusCode, requested.body).toBe(201);
  const decided = await (await t.login('reviewer@demo.local'))({ method: 'PATCH', url: `/api/projects/${project}/reviews/risk/${riskId}/decision`, payload: { decision: 'approved', comment: 'Agreed.' } });
  expect(decided.statusCode, decided.body).toBe(200);
}

async function reopen(riskId: string) {
  const response = await (await t.login('owner@demo.local'))({ method: 'PATCH', url: url(`/${riskId}`), payload: { status: 'in_progress', justification: 'Scores to revisit' } });
  expect(response.statusCode, response.body).toBe(200);
}

describe('the treatment', () => {
  it('is undecided at first, then mitigates down to a residual level the register shows', async () => {
    const risk = await create({ name: 'Treated risk', likelihood: 4, impact: 4 });
    const editor = await t.login('editor@demo.local');
    expect((await editor({ method: 'GET', url: url(`/${risk.id}/treatment`) })).json()).toMatchObject({
      option: null,
      plan: '',
      residual_likelihood: null,
      residual_level: 'high',
      acceptance: null,
      acceptance_history: [],
      acceptance_needs_review: true,
      updated_by: null,
    });
    const saved = await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'mitigate', plan: 'Monitor outcomes monthly.', residual_likelihood: 2, residual_impact: 2 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ option: 'mitigate', residual_likelihood: 2, residual_impact: 2, residual_score: 4, residual_level: 'low', acceptance_needs_review: false, updated_by: expect.objectContaining({ id: ids['editor@demo.local'] }) });
    expect((await editor({ method: 'GET', url: url(`/${risk.id}`) })).json()).toMatchObject({ inherent_level: 'high', residual_level: 'low', residual_assessed: true, above_appetite: false, treatment_option: 'mitigate' });
    expect((await editor({ method: 'GET', url: url('?treatment_option=mitigate&size=250') })).json().items.map((r: { id: string }) => r.id)).toContain(risk.id);
    const log = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${risk.id}` })).json().items;
    expect(log[0]).toMatchObject({ action: 'treatment_updated', before: null, after: expect.objectContaining({ option: 'mitigate', residual_level: 'low' }) });

    // Without a residual the inherent scores stand again.
    expect((await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'transfer', plan: 'Insurance' } })).json()).toMatchObject({ residual_likelihood: null, residual_level: 'high' });
    // The inherent scores cannot drop below the residual ones.
    await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'mitigate', residual_likelihood: 3, residual_impact: 3 } });
    const below = await editor({ method: 'PATCH', url: url(`/${risk.id}`), payload: { likelihood: 2 } });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors[0].path).toBe('body.likelihood');
    // Raising the inherent scores keeps the treatment's residual.
    expect((await editor({ method: 'PATCH', url: url(`/${risk.id}`), payload: { likelihood: 5 } })).json()).toMatchObject({ inherent_level: 'critical', residual_likelihood: 3, residual_level: 'medium' });
  });

  it('refuses bad input with 422 naming the field, reviewers and auditors with 403', async () => {
    const risk = await create({ name: 'Badly treated risk', likelihood: 3, impact: 3 });
    const editor = await t.login('editor@demo.local');
    const cases: [Record<string, unknown>, string][] = [
      [{ option: 'ignore' }, 'body.option'],
      [{ plan: 'x' }, 'body.option'],
      [{ option: 'mitigate', residual_likelihood: 2 }, 'body.residual_impact'],
      [{ option: 'mitigate', residual_likelihood: 6, residual_impact: 1 }, 'body.residual_likelihood'],
      [{ option: 'mitigate', residual_likelihood: 4, residual_impact: 1 }, 'body.residual_likelihood'],
      [{ option: 'mitigate', residual_likelihood: 1, residual_impact: 5 }, 'body.residual_impact'],
      [{ option: 'accept' }, 'body.acceptance_rationale'],
      [{ option: 'mitigate', acceptance_review_date: '2030-01-01' }, 'body.acceptance_review_date'],
      [{ option: 'accept', acceptance_rationale: 'Low enough', acceptance_review_date: '2001-01-01' }, 'body.acceptance_review_date'],
      [{ option: 'accept', acceptance_rationale: 'Low enough', acceptance_review_date: '01-01-2030' }, 'body.acceptance_review_date'],
    ];
    for (const [payload, path] of cases) {
      const response = await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors.map((e: { path: string }) => e.path), JSON.stringify(payload)).toContain(path);
    }
    for (const email of ['reviewer@demo.local', 'auditor@demo.local']) {
      const response = await (await t.login(email))({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'avoid' } });
      expect(response.statusCode, email).toBe(403);
    }
    // Creating the first treatment also needs risk_treatment:create.
    const narrowed = await t.login('editor@demo.local', ['risk_treatment:update', 'risk_treatment:read']);
    const refused = await narrowed({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'avoid' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toContain('risk_treatment:create');
  });
});

describe('accepting a risk', () => {
  it('at low or medium is recorded at once with the caller as approver, the scores of the moment and a review date a year on', async () => {
    const risk = await create({ name: 'Accepted low risk', likelihood: 2, impact: 2 });
    const editor = await t.login('editor@demo.local');
    const saved = (await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'accept', acceptance_rationale: 'Cost of controls exceeds the exposure.' } })).json();
    const nextYear = `${Number(today().slice(0, 4)) + 1}${today().slice(4)}`;
    expect(saved.acceptance).toMatchObject({
      status: 'active',
      justification: 'Cost of controls exceeds the exposure.',
      accepted_level: 'low',
      likelihood: 2,
      impact: 2,
      residual_level: 'low',
      review_date: nextYear,
      expired: false,
      stale: false,
      proposed_by: expect.objectContaining({ id: ids['editor@demo.local'] }),
      approved_by: expect.objectContaining({ id: ids['editor@demo.local'] }),
      approved_at: expect.any(String),
    });
    expect((await editor({ method: 'GET', url: url(`/${risk.id}`) })).json().acceptance_status).toBe('active');
    // Saving the same acceptance again records nothing new; a different one supersedes it.
    expect((await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'accept', acceptance_rationale: 'Cost of controls exceeds the exposure.' } })).json().acceptance_history).toHaveLength(1);
    const changed = (await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'accept', acceptance_rationale: 'Cost of controls exceeds the exposure.', acceptance_review_date: '2099-06-30' } })).json();
    expect(changed.acceptance_history.map((a: { status: string }) => a.status)).toEqual(['active', 'superseded']);
    expect(changed.acceptance.review_date).toBe('2099-06-30');
    // Another option supersedes it.
    const mitigated = (await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'mitigate' } })).json();
    expect(mitigated).toMatchObject({ acceptance_rationale: null, acceptance: expect.objectContaining({ status: 'superseded' }) });
    expect((await editor({ method: 'GET', url: url(`/${risk.id}`) })).json().acceptance_status).toBe('superseded');
  });

  it('is flagged expired after its review date, and stale when the scores move after it', async () => {
    const risk = await create({ name: 'Acceptance that ages', likelihood: 2, impact: 3 });
    const editor = await t.login('editor@demo.local');
    const soon = new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'accept', acceptance_rationale: 'Tolerable for a pilot.', acceptance_review_date: soon } });
    expect((await editor({ method: 'PATCH', url: url(`/${risk.id}`), payload: { impact: 5 } })).statusCode).toBe(200);
    const stale = (await editor({ method: 'GET', url: url(`/${risk.id}/treatment`) })).json().acceptance;
    expect(stale).toMatchObject({ status: 'active', stale: true, expired: false });
    expect(stale.stale_reasons).toEqual(['Inherent impact went from 3 (Moderate) to 5 (Severe)', 'Inherent level went from medium to high', 'Residual impact went from 3 (Moderate) to 5 (Severe)', 'Residual level went from medium to high']);
    t.clock.advance(5 * 86_400_000);
    try {
      // A token of the moved clock: the earlier one has expired meanwhile.
      const later = await t.login('editor@demo.local');
      expect((await later({ method: 'GET', url: url(`/${risk.id}/treatment`) })).json().acceptance).toMatchObject({ expired: true });
    } finally {
      t.clock.advance(-5 * 86_400_000);
    }
  });

  it('above medium awaits a review, whose approval makes it effective with the reviewer as approver', async () => {
    const risk = await create({ name: 'Accepted high risk', likelihood: 4, impact: 4 });
    const editor = await t.login('editor@demo.local');
    const proposed = (await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'accept', acceptance_rationale: 'Board accepts the exposure for the launch.' } })).json();
    expect(proposed).toMatchObject({ acceptance_needs_review: true, acceptance: expect.objectContaining({ status: 'awaiting_review', accepted_level: 'high', approved_by: null, approved_at: null }) });
    expect((await editor({ method: 'GET', url: url(`/${risk.id}`) })).json().acceptance_status).toBe('awaiting_review');
    await approve(risk.id);
    const accepted = (await editor({ method: 'GET', url: url(`/${risk.id}/treatment`) })).json();
    expect(accepted).toMatchObject({ locked: true, acceptance: expect.objectContaining({ status: 'active', approved_by: expect.objectContaining({ id: ids['reviewer@demo.local'] }), approval_forced: false, stale: false }) });
    const log = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${risk.id}` })).json().items.map((e: { action: string }) => e.action);
    expect(log).toContain('acceptance_approved');
    // Locked: the treatment waits for a reopening.
    const locked = await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'mitigate' } });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'locked', detail: expect.stringContaining('treatment') });
  });

  it('a forced approval makes it effective too, marked as forced', async () => {
    const risk = await create({ name: 'Force-accepted risk', likelihood: 5, impact: 4 });
    await (await t.login('editor@demo.local'))({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'accept', acceptance_rationale: 'Accepted by the risk committee on 12 March.' } });
    const forced = await (await t.login('owner@demo.local'))({ method: 'POST', url: `/api/projects/${project}/reviews/risk/${risk.id}?force_update_status=true`, payload: { reviewers: [], justification: 'Risk committee minutes of 12 March' } });
    expect(forced.statusCode, forced.body).toBe(201);
    const acceptance = (await (await t.login('auditor@demo.local'))({ method: 'GET', url: url(`/${risk.id}/treatment`) })).json().acceptance;
    expect(acceptance).toMatchObject({ status: 'active', approval_forced: true, approved_by: expect.objectContaining({ id: ids['owner@demo.local'] }) });
  });

  it('is revoked with a reason, even on an approved risk, which then needs attention; nothing to revoke is 409', async () => {
    const risk = await create({ name: 'Revoked acceptance', likelihood: 1, impact: 3 });
    const editor = await t.login('editor@demo.local');
    await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'accept', acceptance_rationale: 'Negligible exposure.' } });
    await approve(risk.id);
    expect((await editor({ method: 'POST', url: url(`/${risk.id}/acceptance/revoke`), payload: {} })).statusCode).toBe(422);
    expect((await (await t.login('reviewer@demo.local'))({ method: 'POST', url: url(`/${risk.id}/acceptance/revoke`), payload: { reason: 'x' } })).statusCode).toBe(403);
    const revoked = await editor({ method: 'POST', url: url(`/${risk.id}/acceptance/revoke`), payload: { reason: 'A new use case raises the exposure.' } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().acceptance).toMatchObject({ status: 'revoked', revoke_reason: 'A new use case raises the exposure.', revoked_by: expect.objectContaining({ id: ids['editor@demo.local'] }) });
    expect((await editor({ method: 'GET', url: url(`/${risk.id}`) })).json()).toMatchObject({ status: 'approved', needs_attention: true, needs_attention_reason: 'Acceptance revoked: A new use case raises the exposure.', acceptance_status: 'revoked' });
    const again = await editor({ method: 'POST', url: url(`/${risk.id}/acceptance/revoke`), payload: { reason: 'Again' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('no_acceptance');
    // A new treatment clears the flag the revocation set.
    await reopen(risk.id);
    await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'mitigate' } });
    expect((await editor({ method: 'GET', url: url(`/${risk.id}`) })).json()).toMatchObject({ needs_attention: false, needs_attention_reason: null });
  });
});

describe('treatment strategies', () => {
  it('are added, changed and removed with an owner from the project, logged, and locked with the risk', async () => {
    const risk = await create({ name: 'Risk with actions', likelihood: 3, impact: 4 });
    const editor = await t.login('editor@demo.local');
    const base = url(`/${risk.id}/treatment-strategies`);
    const added = await editor({ method: 'POST', url: base, payload: { action: 'Add an outcome-gap test to the release pipeline', owner_id: ids['owner@demo.local'], due_date: '2020-01-31' } });
    expect(added.statusCode, added.body).toBe(201);
    const strategy = added.json();
    expect(strategy).toMatchObject({ risk_id: risk.id, status: 'planned', owner: expect.objectContaining({ id: ids['owner@demo.local'] }), due_date: '2020-01-31', overdue: true });
    const second = (await editor({ method: 'POST', url: base, payload: { action: 'Document the proxies examined' } })).json();
    expect(second).toMatchObject({ owner: null, due_date: null, overdue: false });
    const notifications = (await (await t.login('owner@demo.local'))({ method: 'GET', url: '/api/notifications?size=50' })).json().items;
    expect(notifications.some((n: { name: string }) => n.name.includes('Risk with actions'))).toBe(true);
    const done = await editor({ method: 'PATCH', url: `${base}/${strategy.id}`, payload: { status: 'done' } });
    expect(done.json()).toMatchObject({ status: 'done', overdue: false });
    expect((await editor({ method: 'GET', url: base })).json().items.map((s: { id: string }) => s.id)).toEqual([strategy.id, second.id]);
    expect((await editor({ method: 'GET', url: url(`/${risk.id}`) })).json().open_strategy_count).toBe(1);
    // Owners are members of the project; other people are not found.
    const notMember = await editor({ method: 'PATCH', url: `${base}/${second.id}`, payload: { owner_id: ids['admin@demo.local'] } });
    expect(notMember.statusCode).toBe(422);
    expect(notMember.json().errors[0].path).toBe('body.owner_id');
    expect((await editor({ method: 'PATCH', url: `${base}/${second.id}`, payload: { owner_id: ids['outsider@other.local'] } })).statusCode).toBe(404);
    for (const [payload, path] of [[{ action: ' ' }, 'body.action'], [{ status: 'stalled' }, 'body.status'], [{ due_date: 'tomorrow' }, 'body.due_date'], [{}, '']] as const) {
      const response = await editor({ method: 'PATCH', url: `${base}/${second.id}`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      if (path) expect(response.json().errors[0].path).toBe(path);
    }
    expect((await (await t.login('auditor@demo.local'))({ method: 'POST', url: base, payload: { action: 'x' } })).statusCode).toBe(403);
    expect((await (await t.login('reviewer@demo.local'))({ method: 'DELETE', url: `${base}/${second.id}` })).statusCode).toBe(403);
    expect((await editor({ method: 'PATCH', url: `${base}/${risk.id}`, payload: { status: 'done' } })).statusCode).toBe(404);
    const log = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${risk.id}` })).json().items.map((e: { action: string }) => e.action);
    expect(log.filter((a: string) => a.startsWith('strategy_'))).toEqual(['strategy_updated', 'strategy_added', 'strategy_added']);

    await approve(risk.id);
    for (const [method, path, payload] of [['POST', base, { action: 'x' }], ['PATCH', `${base}/${second.id}`, { status: 'in_progress' }], ['DELETE', `${base}/${second.id}`, undefined]] as const) {
      const response = await editor({ method, url: path, payload });
      expect(response.statusCode, method).toBe(409);
      expect(response.json().code).toBe('locked');
    }
    await reopen(risk.id);
    expect((await editor({ method: 'DELETE', url: `${base}/${second.id}` })).statusCode).toBe(204);
    expect((await editor({ method: 'GET', url: base })).json().items).toHaveLength(1);
  });
});

describe('links to controls', () => {
  type Control = { id: string; control_code: string; status: string };
  let controls: Control[];
  beforeAll(async () => {
    controls = (await (await t.login('owner@demo.local'))({ method: 'GET', url: `/api/v1/projects/${project}/controls?size=250` })).json().items;
  });
  const control = (code: string) => controls.find((c) => c.control_code === code)!;

  it('links and unlinks the project controls that reduce a risk, from either end, logged on both', async () => {
    const risk = await create({ name: 'Linked risk', likelihood: 3, impact: 3 });
    const editor = await t.login('editor@demo.local');
    const dat06 = control('MFF-1.DAT.06');
    const val05 = control('MFF-1.VAL.05');
    const linked = await editor({ method: 'PUT', url: url(`/${risk.id}/controls/${dat06.id}`) });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ id: dat06.id, control_code: 'MFF-1.DAT.06', linked_by: expect.objectContaining({ id: ids['editor@demo.local'] }) });
    expect((await editor({ method: 'PUT', url: url(`/${risk.id}/controls/${val05.id}`) })).statusCode).toBe(200);
    expect((await editor({ method: 'PUT', url: url(`/${risk.id}/controls/${val05.id}`) })).statusCode).toBe(200);
    const list = (await (await t.login('auditor@demo.local'))({ method: 'GET', url: url(`/${risk.id}/controls`) })).json().items;
    expect(list.map((c: Control) => c.control_code)).toEqual(['MFF-1.DAT.06', 'MFF-1.VAL.05']);
    expect((await editor({ method: 'GET', url: url(`/${risk.id}`) })).json().control_count).toBe(2);
    const ofControl = (await editor({ method: 'GET', url: `/api/projects/${project}/controls/MFF-1.VAL.05/risks` })).json().items;
    expect(ofControl.find((r: { id: string }) => r.id === risk.id)).toMatchObject({ reference: risk.reference, residual_level: 'medium', above_appetite: false, linked_at: expect.any(String) });
    // Highest residual level first (the demo's bias risk reduced by it is medium too, then by score).
    const rank = { low: 0, medium: 1, high: 2, critical: 3 } as const;
    const levels = ofControl.map((r: { residual_level: keyof typeof rank }) => rank[r.residual_level]);
    expect(levels).toEqual([...levels].sort((a, b) => b - a));
    expect((await editor({ method: 'GET', url: `/api/projects/${project}/controls/MFF-1.XXX.99/risks` })).statusCode).toBe(404);
    const controlLog = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${val05.id}` })).json().items;
    expect(controlLog[0]).toMatchObject({ action: 'risk_linked', object_type: 'control', after: expect.objectContaining({ risk_id: risk.id }) });
    expect((await editor({ method: 'DELETE', url: url(`/${risk.id}/controls/${val05.id}`) })).statusCode).toBe(204);
    const missing = await editor({ method: 'DELETE', url: url(`/${risk.id}/controls/${val05.id}`) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toContain('MFF-1.VAL.05');
    expect((await editor({ method: 'GET', url: url(`/${risk.id}/controls`) })).json().items).toHaveLength(1);
    const riskLog = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${risk.id}` })).json().items.map((e: { action: string }) => e.action);
    expect(riskLog.slice(0, 3)).toEqual(['control_unlinked', 'control_linked', 'control_linked']);
  });

  it('refuses a control of another project (404 naming it), rights it lacks (403), and either end approved (409 locked)', async () => {
    const risk = await create({ name: 'Link rules risk', likelihood: 2, impact: 4 });
    const editor = await t.login('editor@demo.local');
    const theirControl = (await (await t.login('owner@demo.local'))({ method: 'GET', url: `/api/v1/projects/${chatbot}/controls?size=1` })).json().items[0] as Control;
    const foreign = await editor({ method: 'PUT', url: url(`/${risk.id}/controls/${theirControl.id}`) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(`Control ${theirControl.id} is not a control of this project`);
    expect((await editor({ method: 'PUT', url: url(`/${risk.id}/controls/not-a-uuid`) })).statusCode).toBe(422);
    const reviewer = await t.login('reviewer@demo.local');
    expect((await reviewer({ method: 'PUT', url: url(`/${risk.id}/controls/${control('MFF-1.SEC.01').id}`) })).statusCode).toBe(403);
    expect((await reviewer({ method: 'GET', url: url(`/${risk.id}/controls`) })).statusCode).toBe(200);

    // An approved control (the demo's MFF-1.GOV.01) takes no new link.
    const approvedControl = control('MFF-1.GOV.01');
    expect(approvedControl.status).toBe('approved');
    const lockedControl = await editor({ method: 'PUT', url: url(`/${risk.id}/controls/${approvedControl.id}`) });
    expect(lockedControl.statusCode).toBe(409);
    expect(lockedControl.json()).toMatchObject({ code: 'locked', detail: expect.stringContaining('This control is approved and locked') });

    const sec01 = control('MFF-1.SEC.01');
    expect((await editor({ method: 'PUT', url: url(`/${risk.id}/controls/${sec01.id}`) })).statusCode).toBe(200);
    await approve(risk.id);
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await editor({ method, url: url(`/${risk.id}/controls/${control('MFF-1.SEC.02').id}`) });
      expect(response.statusCode, method).toBe(409);
      expect(response.json()).toMatchObject({ code: 'locked', detail: expect.stringContaining('This risk is approved and locked') });
    }
  });
});
