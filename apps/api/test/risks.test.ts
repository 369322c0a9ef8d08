import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../src/db/schema';
import { organizationId } from './factories';
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

const url = (suffix = '') => `/api/projects/${project}/risks${suffix}`;
type Risk = { id: string; reference: string; name: string; status: string; inherent_level: string; residual_level: string; inherent_score: number; above_appetite: boolean; [k: string]: unknown };

async function create(body: Record<string, unknown>, as = 'editor@demo.local') {
  const response = await (await t.login(as))({ method: 'POST', url: url(), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Risk;
}

describe('the demo seed', () => {
  it('gives the demo projects a register under way: levels, treatments, an accepted low risk, strategies, links and a risk approved through a review', async () => {
    const owner = await t.login('owner@demo.local');
    const register = (await owner({ method: 'GET', url: url('?size=50') })).json();
    expect(register.total).toBe(8);
    const levels = new Set((register.items as Risk[]).map((r) => r.inherent_level));
    expect([...levels].sort()).toEqual(['high', 'low', 'medium']);
    const accepted = (register.items as Risk[]).find((r) => r.treatment_option === 'accept')!;
    expect(accepted).toMatchObject({ inherent_level: 'low', acceptance_status: 'active' });
    const approved = (register.items as Risk[]).find((r) => r.status === 'approved')!;
    expect(approved).toMatchObject({ review_status: 'approved', approval_forced: false, control_count: 2 });
    expect((register.items as Risk[]).some((r) => (r.open_strategy_count as number) > 0 && (r.control_count as number) > 0)).toBe(true);
    const chatbot = (await t.db.select().from(projects).where(eq(projects.name, 'Customer Support Chatbot')))[0]!.id;
    expect((await owner({ method: 'GET', url: `/api/projects/${chatbot}/risks` })).json().total).toBe(4);
    const map = (await owner({ method: 'GET', url: url('/heat-map') })).json();
    expect(map.total).toBe(8);
    expect(map.by_residual_level.high).toBeLessThan(map.by_inherent_level.high);
  });
});

describe('creating a risk', () => {
  it('needs a name, a likelihood and an impact; numbers it, levels it on the default matrix and starts it ready', async () => {
    const risk = await create({ name: 'Biased credit decisions', likelihood: 4, impact: 4, category: 'fair', affected: ['Applicants', 'Protected groups'], monetary_impact: 250_000, library_id: 'harmful-bias' });
    expect(risk).toMatchObject({
      reference: expect.stringMatching(/^R-\d+$/),
      status: 'ready',
      likelihood: 4,
      impact: 4,
      inherent_score: 16,
      inherent_level: 'high',
      residual_likelihood: 4,
      residual_impact: 4,
      residual_level: 'high',
      residual_assessed: false,
      above_appetite: true,
      treatment_option: null,
      currency: 'EUR',
      monetary_impact: 250_000,
      expected_annual_loss: 250_000,
      expected_annual_loss_source: 'estimated',
      affected: ['Applicants', 'Protected groups'],
      library_id: 'harmful-bias',
      locked: false,
      allowed_transitions: ['in_progress', 'out_of_scope'],
      created_by: expect.objectContaining({ id: ids['editor@demo.local'] }),
    });
    const next = await create({ name: 'Model drift', likelihood: 1, impact: 1, currency: 'USD', expected_annual_loss: 1000 });
    expect(Number(next.reference.slice(2))).toBe(Number(risk.reference.slice(2)) + 1);
    expect(next).toMatchObject({ inherent_level: 'low', above_appetite: false, currency: 'USD', monetary_impact: null, expected_annual_loss: 1000, expected_annual_loss_source: 'entered', category: null, description: '' });
  });

  it('refuses bad input with 422 naming the field', async () => {
    const editor = await t.login('editor@demo.local');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', likelihood: 0, impact: 3 }, 'body.likelihood'],
      [{ name: 'x', likelihood: 6, impact: 3 }, 'body.likelihood'],
      [{ name: 'x', likelihood: 3, impact: 2.5 }, 'body.impact'],
      [{ name: 'x', likelihood: 3, impact: 3, monetary_impact: -1 }, 'body.monetary_impact'],
      [{ name: 'x', likelihood: 3, impact: 3, currency: 'GBP' }, 'body.currency'],
      [{ name: 'x', likelihood: 3, impact: 3, category: 'weather' }, 'body.category'],
      [{ name: ' ', likelihood: 3, impact: 3 }, 'body.name'],
      [{ likelihood: 3, impact: 3 }, 'body.name'],
      [{ name: 'x', likelihood: 3, impact: 3, library_id: 'no-such-risk' }, 'body.library_id'],
      [{ name: 'x', likelihood: 3, impact: 3, affected: ['A', 'a'] }, 'body.affected'],
    ];
    for (const [payload, path] of cases) {
      const response = await editor({ method: 'POST', url: url(), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors.map((e: { path: string }) => e.path), JSON.stringify(payload)).toContain(path);
    }
  });

  it('is refused to reviewers and auditors (403) and to another organization (404)', async () => {
    for (const email of ['reviewer@demo.local', 'auditor@demo.local']) {
      const response = await (await t.login(email))({ method: 'POST', url: url(), payload: { name: 'x', likelihood: 1, impact: 1 } });
      expect(response.statusCode, email).toBe(403);
    }
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'POST', url: url(), payload: { name: 'x', likelihood: 1, impact: 1 } })).statusCode).toBe(404);
    expect((await outsider({ method: 'GET', url: url() })).statusCode).toBe(404);
  });

  it('never gives a number a risk holds, even one added behind the API (an import in SQL)', async () => {
    const before = await create({ name: 'Before the import', likelihood: 1, impact: 1 });
    const imported = Number(before.reference.slice(2)) + 3;
    await t.db.execute(sql`
      insert into risks (organization_id, project_id, number, name, likelihood, impact, inherent_score, inherent_level, residual_likelihood, residual_impact, residual_score, residual_level, created_by)
      select organization_id, id, ${imported}, 'Imported in SQL', 1, 1, 1, 'low', 1, 1, 1, 'low', ${ids['admin@demo.local']} from projects where id = ${project}`);
    const after = await create({ name: 'After the import', likelihood: 1, impact: 1 });
    expect(after.reference).toBe(`R-${imported + 1}`);
  });
});

describe('the register', () => {
  let high: Risk;
  let critical: Risk;
  let low: Risk;
  beforeAll(async () => {
    high = await create({ name: 'Register: prompt injection', likelihood: 4, impact: 3, category: 'secure_resilient' });
    critical = await create({ name: 'Register: privacy leakage', likelihood: 5, impact: 5, category: 'privacy_enhanced' });
    low = await create({ name: 'Register: unclear accountability', likelihood: 2, impact: 2, category: 'accountable_transparent' });
  });

  it('filters by name or reference, level, category, appetite, cell and treatment option', async () => {
    const reviewer = await t.login('reviewer@demo.local');
    const names = async (query: string) => ((await reviewer({ method: 'GET', url: url(`?size=250&${query}`) })).json().items as Risk[]).map((r) => r.name).filter((n) => n.startsWith('Register:'));
    expect(await names('name=register')).toHaveLength(3);
    expect((await reviewer({ method: 'GET', url: url(`?name=${critical.reference}`) })).json().items.map((r: Risk) => r.id)).toContain(critical.id);
    expect(await names('inherent_level=critical')).toEqual([critical.name]);
    expect(await names('residual_level=low,high')).toEqual([high.name, low.name]);
    expect(await names('category=privacy_enhanced')).toEqual([critical.name]);
    expect(await names('above_appetite=true')).toEqual([high.name, critical.name]);
    expect(await names('above_appetite=false')).toEqual([low.name]);
    expect(await names('likelihood=4&impact=3')).toEqual([high.name]);
    expect(await names('residual_likelihood=2&residual_impact=2')).toEqual([low.name]);
    expect(await names('treatment_option=mitigate')).toEqual([]);
    for (const bad of ['status=done', 'inherent_level=extreme', 'likelihood=6', 'category=weather', 'sort_by=score']) {
      expect((await reviewer({ method: 'GET', url: url(`?${bad}`) })).statusCode, bad).toBe(422);
    }
  });

  it('sorts by inherent and residual score (level first), name and reference, and pages', async () => {
    const reviewer = await t.login('reviewer@demo.local');
    const byScore = (await reviewer({ method: 'GET', url: url('?sort_by=inherent_score&descending=true&size=250') })).json();
    const rank = { low: 0, medium: 1, high: 2, critical: 3 } as const;
    const keys = (byScore.items as Risk[]).map((r) => rank[r.inherent_level as keyof typeof rank] * 100 + r.inherent_score);
    expect(keys).toEqual([...keys].sort((a, b) => b - a));
    expect(byScore.items[0].inherent_level).toBe('critical');
    const residual = (await reviewer({ method: 'GET', url: url('?sort_by=residual_score&size=1') })).json();
    expect(residual.items[0].residual_level).toBe('low');
    expect(residual.pages).toBe(residual.total);
    const byName = (await reviewer({ method: 'GET', url: url('?sort_by=name&size=250') })).json().items.map((r: Risk) => r.name.toLowerCase());
    expect(byName).toEqual([...byName].sort());
    const refs = (await reviewer({ method: 'GET', url: url('?descending=true&size=250') })).json().items.map((r: Risk) => Number(r.reference.slice(2)));
    expect(refs).toEqual([...refs].sort((a, b) => b - a));
    const second = (await reviewer({ method: 'GET', url: url('?size=2&page=2') })).json();
    expect(second).toMatchObject({ page: 2, size: 2 });
    expect(second.items).toHaveLength(2);
  });

  it('filters by status, assignment and tags', async () => {
    const owner = await t.login('owner@demo.local');
    const assigned = await owner({ method: 'PUT', url: url(`/${high.id}/assignees`), payload: { assignees: [ids['editor@demo.local']], reviewers: [ids['reviewer@demo.local']] } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ assignees: [expect.objectContaining({ id: ids['editor@demo.local'] })], reviewers: [expect.objectContaining({ id: ids['reviewer@demo.local'] })] });
    const editor = await t.login('editor@demo.local');
    const mine = (await editor({ method: 'GET', url: url('?is_assigned_to_me=true&name=Register:&size=250') })).json().items.map((r: Risk) => r.id);
    expect(mine).toEqual([high.id]);
    const everyoneMine = (await editor({ method: 'GET', url: url('?is_assigned_to_me=true&size=250') })).json().items as { assignees: { id: string }[] }[];
    expect(everyoneMine.every((r) => r.assignees.some((a) => a.id === ids['editor@demo.local']))).toBe(true);
    expect((await owner({ method: 'PATCH', url: url(`/${critical.id}`), payload: { status: 'in_progress' } })).json().status).toBe('in_progress');
    expect((await owner({ method: 'GET', url: url('?status=in_progress&name=Register:&size=250') })).json().items.map((r: Risk) => r.id)).toEqual([critical.id]);
    const admin = await t.login('admin@demo.local');
    const tag = (await admin({ method: 'POST', url: `/api/organizations/${demo}/tags`, payload: { name: 'Risk register', color: '#225588' } })).json();
    const tagged = await editor({ method: 'PATCH', url: url(`/${low.id}`), payload: { tags: [tag.tag_id] } });
    expect(tagged.json().tags).toEqual([expect.objectContaining({ tag_id: tag.tag_id, name: 'Risk register' })]);
    expect((await owner({ method: 'GET', url: url(`?tags=${tag.tag_id}`) })).json().items.map((r: Risk) => r.id)).toEqual([low.id]);
    const otherTag = (await (await t.login('outsider@other.local'))({ method: 'POST', url: `/api/organizations/${await organizationId(t, 'Other Organization')}/tags`, payload: { name: 'Theirs' } })).json();
    expect((await owner({ method: 'GET', url: url(`?tags=${otherTag.tag_id}`) })).statusCode).toBe(404);
    expect((await editor({ method: 'PATCH', url: url(`/${low.id}`), payload: { tags: [otherTag.tag_id] } })).statusCode).toBe(404);
    // Assignees must be project members; the people of another organization are not found.
    const outside = await owner({ method: 'PUT', url: url(`/${high.id}/assignees`), payload: { assignees: [ids['admin@demo.local']], reviewers: [] } });
    expect(outside.statusCode).toBe(422);
    expect((await owner({ method: 'PUT', url: url(`/${high.id}/assignees`), payload: { assignees: [ids['outsider@other.local']], reviewers: [] } })).statusCode).toBe(404);
    expect((await (await t.login('reviewer@demo.local'))({ method: 'PUT', url: url(`/${high.id}/assignees`), payload: { assignees: [], reviewers: [] } })).statusCode).toBe(403);
  });

  it('gives a light list for pickers and the risks with their (not yet built) evidence', async () => {
    const auditor = await t.login('auditor@demo.local');
    const light = (await auditor({ method: 'GET', url: url('/list?name=register&sort_by=name') })).json();
    expect(light.items.map((r: Risk) => r.name)).toEqual([high.name, critical.name, low.name].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(Object.keys(light.items[0]).sort()).toEqual(['id', 'inherent_level', 'name', 'reference', 'residual_level', 'status']);
    const withEvidence = (await auditor({ method: 'GET', url: `/api/projects/${project}/risks_with_evidences?name=${encodeURIComponent(low.name)}` })).json();
    expect(withEvidence.items).toEqual([expect.objectContaining({ id: low.id, evidences: [] })]);
  });
});

describe('changing a risk', () => {
  it('rescores through the matrix and logs what changed, before and after', async () => {
    const risk = await create({ name: 'Hallucinated reasons for refusal', likelihood: 2, impact: 2 });
    const editor = await t.login('editor@demo.local');
    const changed = await editor({ method: 'PATCH', url: url(`/${risk.id}`), payload: { likelihood: 5, impact: 4, description: 'Explanations cite rules that do not exist.', monetary_impact: 10_000.5, currency: 'USD' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ inherent_score: 20, inherent_level: 'critical', residual_level: 'critical', residual_likelihood: 5, monetary_impact: 10_000.5, currency: 'USD', expected_annual_loss: 20_001 });
    const log = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${risk.id}` })).json().items;
    expect(log[0]).toMatchObject({ action: 'updated', object_type: 'risk', before: { likelihood: 2, impact: 2, description: '', monetary_impact: null, currency: 'EUR' }, after: expect.objectContaining({ likelihood: 5, impact: 4 }) });
    expect(log.at(-1)).toMatchObject({ action: 'created' });
    for (const [payload, path] of [[{ likelihood: 0 }, 'body.likelihood'], [{ expected_annual_loss: -5 }, 'body.expected_annual_loss'], [{ category: 'nope' }, 'body.category'], [{}, '']] as const) {
      const response = await editor({ method: 'PATCH', url: url(`/${risk.id}`), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      if (path) expect(response.json().errors[0].path).toBe(path);
    }
    expect((await (await t.login('auditor@demo.local'))({ method: 'PATCH', url: url(`/${risk.id}`), payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await editor({ method: 'GET', url: url(`/${project}`) })).statusCode).toBe(404);
  });

  it('moves within the life cycle: out of scope needs a reason, approval only through a review', async () => {
    const risk = await create({ name: 'Life cycle risk', likelihood: 3, impact: 3 });
    const editor = await t.login('editor@demo.local');
    const noReason = await editor({ method: 'PATCH', url: url(`/${risk.id}`), payload: { status: 'out_of_scope' } });
    expect(noReason.statusCode).toBe(422);
    const out = await editor({ method: 'PATCH', url: url(`/${risk.id}`), payload: { status: 'out_of_scope', justification: 'The model does not use this data.' } });
    expect(out.json()).toMatchObject({ status: 'out_of_scope', out_of_scope_justification: 'The model does not use this data.', status_history: [expect.objectContaining({ from: 'ready', to: 'out_of_scope' })] });
    const approved = await editor({ method: 'PATCH', url: url(`/${risk.id}`), payload: { status: 'approved' } });
    expect(approved.statusCode).toBe(409);
    expect(approved.json().code).toBe('review_required');
  });
});

describe('an approved risk', () => {
  let risk: Risk;
  beforeAll(async () => {
    risk = await create({ name: 'Approved risk', likelihood: 2, impact: 3 });
    const editor = await t.login('editor@demo.local');
    const requested = await editor({ method: 'POST', url: `/api/projects/${project}/reviews/risk/${risk.id}`, payload: { reviewers: [ids['reviewer@demo.local']] } });
    expect(requested.statusCode, requested.body).toBe(201);
    expect((await editor({ method: 'GET', url: url(`/${risk.id}`) })).json()).toMatchObject({ status: 'in_review', review_status: 'in_review' });
    const decided = await (await t.login('reviewer@demo.local'))({ method: 'PATCH', url: `/api/projects/${project}/reviews/risk/${risk.id}/decision`, payload: { decision: 'approved', comment: 'Scored with model risk.' } });
    expect(decided.statusCode, decided.body).toBe(200);
  });

  it('is locked: no content, status or deletion until reopened, while people may change', async () => {
    const editor = await t.login('editor@demo.local');
    const detail = (await editor({ method: 'GET', url: url(`/${risk.id}`) })).json();
    expect(detail).toMatchObject({ status: 'approved', locked: true, review_status: 'approved', allowed_transitions: [] });
    for (const payload of [{ name: 'Renamed' }, { likelihood: 5 }, { tags: [] }, { status: 'ready' }]) {
      const response = await editor({ method: 'PATCH', url: url(`/${risk.id}`), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
      expect(response.json().code).toBe('locked');
    }
    const deleted = await editor({ method: 'DELETE', url: url(`/${risk.id}`) });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ code: 'locked', detail: expect.stringContaining('reopen it first') });
    expect((await editor({ method: 'PUT', url: url(`/${risk.id}/assignees`), payload: { assignees: [ids['editor@demo.local']], reviewers: [] } })).statusCode).toBe(200);
  });

  it('reopens with a reason and the reopen right (separation of duties: reviews:force_update_status), then takes changes and deletion', async () => {
    const editor = await t.login('editor@demo.local');
    const refused = await editor({ method: 'PATCH', url: url(`/${risk.id}`), payload: { status: 'in_progress', justification: 'New data source' } });
    expect(refused.statusCode).toBe(403);
    const owner = await t.login('owner@demo.local');
    expect((await owner({ method: 'PATCH', url: url(`/${risk.id}`), payload: { status: 'in_progress' } })).statusCode).toBe(422);
    const reopened = await owner({ method: 'PATCH', url: url(`/${risk.id}`), payload: { status: 'in_progress', justification: 'New data source' } });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'in_progress', locked: false });
    expect(reopened.json().status_history[0]).toMatchObject({ from: 'approved', to: 'in_progress', justification: 'New data source' });
    expect((await editor({ method: 'PATCH', url: url(`/${risk.id}`), payload: { name: 'Approved risk (reopened)' } })).json().name).toBe('Approved risk (reopened)');
    expect((await editor({ method: 'DELETE', url: url(`/${risk.id}`) })).statusCode).toBe(204);
    expect((await editor({ method: 'GET', url: url(`/${risk.id}`) })).statusCode).toBe(404);
    const log = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${risk.id}` })).json().items;
    expect(log[0]).toMatchObject({ action: 'deleted', after: { label: expect.stringContaining('Approved risk (reopened)') } });
  });

  it('never gives the number of a deleted risk again, even the newest one', async () => {
    const editor = await t.login('editor@demo.local');
    const created = async (name: string) => (await editor({ method: 'POST', url: url(), payload: { name, likelihood: 2, impact: 2 } })).json() as Risk;
    const newest = await created('Newest for a moment');
    expect((await editor({ method: 'DELETE', url: url(`/${newest.id}`) })).statusCode).toBe(204);
    const next = await created('After the deletion');
    expect(Number(next.reference.slice(2))).toBe(Number(newest.reference.slice(2)) + 1);
  });

  it('is not deleted while a review is pending', async () => {
    const pending = await create({ name: 'Pending review risk', likelihood: 1, impact: 2 });
    const editor = await t.login('editor@demo.local');
    expect((await editor({ method: 'POST', url: `/api/projects/${project}/reviews/risk/${pending.id}`, payload: { reviewers: [ids['reviewer@demo.local']] } })).statusCode).toBe(201);
    const response = await editor({ method: 'DELETE', url: url(`/${pending.id}`) });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('review_pending');
  });
});

describe('comments and isolation', () => {
  it('takes comments on a risk of the project, and 404s another organization\'s risk everywhere', async () => {
    const risk = await create({ name: 'Commented risk', likelihood: 3, impact: 1 });
    const reviewer = await t.login('reviewer@demo.local');
    const comment = await reviewer({ method: 'POST', url: `/api/projects/${project}/comments/risk/${risk.id}`, payload: { body: 'Is the impact not higher for thin-file applicants?' } });
    expect(comment.statusCode, comment.body).toBe(201);
    expect((await reviewer({ method: 'GET', url: `/api/projects/${project}/comments/risk/${risk.id}` })).json().total).toBe(1);

    const outsider = await t.login('outsider@other.local');
    const theirs = (await outsider({ method: 'POST', url: '/api/projects', payload: { name: 'Other risks', project_type: 'ai_application' } })).json();
    const theirRisk = (await outsider({ method: 'POST', url: `/api/projects/${theirs.id}/risks`, payload: { name: 'Their risk', likelihood: 3, impact: 3 } })).json();
    expect(theirRisk.reference).toBe('R-1');
    const admin = await t.login('admin@demo.local');
    for (const [method, path] of [
      ['GET', url(`/${theirRisk.id}`)],
      ['PATCH', url(`/${theirRisk.id}`)],
      ['DELETE', url(`/${theirRisk.id}`)],
      ['PUT', url(`/${theirRisk.id}/assignees`)],
      ['GET', url(`/${theirRisk.id}/treatment`)],
      ['GET', url(`/${theirRisk.id}/controls`)],
      ['GET', `/api/projects/${theirs.id}/risks`],
      ['GET', `/api/projects/${project}/comments/risk/${theirRisk.id}`],
    ] as const) {
      const payload = method === 'PATCH' ? { name: 'mine' } : method === 'PUT' ? { assignees: [], reviewers: [] } : undefined;
      expect((await admin({ method, url: path, payload })).statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await outsider({ method: 'GET', url: `/api/projects/${theirs.id}/risks/${theirRisk.id}` })).json().name).toBe('Their risk');
  });
});
