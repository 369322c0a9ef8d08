import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectControls, projects, users } from '../src/db/schema';
import { seedDemoAssetCards } from '../src/demo/seed-asset-cards';
import { seedDemoEvidence } from '../src/demo/seed-evidence';
import { localStorage } from '../src/lib/storage/local-storage';
import { uploadEvidence } from './factories';
import { build, type TestApp } from './helper';

let t: TestApp;
let project: string;
let chatbot: string;
const ids: Record<string, string> = {};
let controlIds: string[];
beforeAll(async () => {
  t = await build();
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  chatbot = (await t.db.select().from(projects).where(eq(projects.name, 'Customer Support Chatbot')))[0]!.id;
  for (const email of ['owner@demo.local', 'editor@demo.local', 'reviewer@demo.local', 'auditor@demo.local', 'admin@demo.local', 'internal@demo.local', 'outsider@other.local']) {
    ids[email] = (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  }
  const controls = await t.db
    .select({ id: projectControls.id, status: projectControls.status })
    .from(projectControls)
    .where(and(eq(projectControls.projectId, project), isNull(projectControls.detachedAt)))
    .orderBy(projectControls.controlCode);
  controlIds = controls.filter((c) => c.status !== 'approved').map((c) => c.id);
});
afterAll(() => t.close());

const url = (suffix = '', projectId = project) => `/api/projects/${projectId}/asset_cards${suffix}`;
type Card = { id: string; name: string; status: string; asset_card_type: string; [k: string]: unknown };

async function create(body: Record<string, unknown>, as = 'editor@demo.local', projectId = project) {
  const response = await (await t.login(as))({ method: 'POST', url: url('', projectId), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Card;
}

async function patch(id: string, payload: Record<string, unknown>, as = 'editor@demo.local') {
  return (await t.login(as))({ method: 'PATCH', url: url(`/${id}`), payload });
}

describe('the demo seed', () => {
  it('documents the credit model: a dataset, the model trained on it, a system using it and a third-party service, linked to controls and risks', async () => {
    const reviewer = await t.login('reviewer@demo.local');
    const cards = (await reviewer({ method: 'GET', url: url('?size=50&sort_by=asset_card_type') })).json().items as Card[];
    expect(cards.map((c) => [c.asset_card_type, c.status])).toEqual([
      ['model', 'in_progress'],
      ['dataset', 'in_progress'],
      ['ai_system', 'ready'],
      ['third_party_service', 'ready'],
    ]);
    const [model, dataset, system, kyc] = cards as [Card, Card, Card, Card];
    expect(dataset).toMatchObject({ name: 'Loan applications 2019–2024', downstream_count: 1, owner: expect.objectContaining({ email: 'editor@demo.local' }), assignees: [expect.objectContaining({ email: 'editor@demo.local' })] });
    expect(model).toMatchObject({ upstream_count: 1, downstream_count: 1, control_count: 3, risk_count: 2 });
    const graph = (await reviewer({ method: 'GET', url: url('/lineage') })).json();
    expect(graph.edges).toEqual(
      expect.arrayContaining([
        { from_id: dataset.id, to_id: model.id, relation: 'trained_on' },
        { from_id: model.id, to_id: system.id, relation: 'uses' },
        { from_id: kyc.id, to_id: system.id, relation: 'depends_on' },
      ]),
    );
    const detail = (await reviewer({ method: 'GET', url: url(`/${model.id}`) })).json();
    expect(detail.facts.metrics).toContainEqual({ name: 'AUC', value: 0.81, dataset: 'Holdout 2026-09' });
    expect(Object.keys(detail.sections)).toHaveLength(7);
    expect(detail.risks.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Credit refusals fall harder on some groups of applicants']));
  });

  it('links the cards to the evidence files when the evidence seed ran before it (with a storage)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'assetapi-seed-'));
    const organizationId = (await t.db.select().from(projects).where(eq(projects.id, project)))[0]!.organizationId;
    const rolledBack = new Error('rolled back');
    let linked: { name: string; evidence: number }[] = [];
    try {
      await t.db.transaction(async (tx) => {
        await seedDemoEvidence(tx, { organizationId, storage: localStorage(root) });
        await tx.execute(sql`delete from asset_cards where project_id = ${project}`);
        await seedDemoAssetCards(tx, { organizationId });
        linked = (
          (await tx.execute(sql`select c.name, (select count(*)::int from asset_card_links l where l.card_id = c.id and l.evidence_id is not null) as evidence from asset_cards c where c.project_id = ${project} order by c.name`)) as unknown as { rows: typeof linked }
        ).rows;
        throw rolledBack;
      });
    } catch (error) {
      if (error !== rolledBack) throw error;
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    expect(linked.map((c) => [c.name, Number(c.evidence)])).toEqual([
      ['Credit scoring model v3.2 (gradient boosting)', 3],
      ['Identity verification API (VeriID)', 0],
      ['Loan applications 2019–2024', 1],
      ['Loan decision engine', 0],
    ]);
  });
});

describe('creating a card', () => {
  it('needs a name, a type and a nature; keeps facts and the sections of its type; starts ready', async () => {
    const dataset = await create({
      name: 'Loan applications 2019–2024',
      asset_card_type: 'dataset',
      asset_card_nature: 'in_house',
      description: '  Every consumer loan application with its outcome.  ',
      version: '2024.2',
      owner_id: ids['editor@demo.local'],
      facts: { license: 'proprietary', personal_data: true, personal_data_categories: ['income', 'employment'], size: '1.2 M rows', time_span_start: '2019-01-01', time_span_end: '2024-06-30' },
      sections: { source_and_provenance: 'Core banking system exports.', personal_data_notes: '  Pseudonymised.  ', known_biases: '   ' },
    });
    expect(dataset).toMatchObject({
      name: 'Loan applications 2019–2024',
      asset_card_type: 'dataset',
      asset_card_nature: 'in_house',
      status: 'ready',
      version: '2024.2',
      license: 'proprietary',
      description: 'Every consumer loan application with its outcome.',
      owner: expect.objectContaining({ id: ids['editor@demo.local'] }),
      facts: expect.objectContaining({ personal_data: true, size: '1.2 M rows', time_span_end: '2024-06-30', languages: [], metrics: [] }),
      // Trimmed, the empty one dropped.
      sections: { source_and_provenance: 'Core banking system exports.', personal_data_notes: 'Pseudonymised.' },
      extra_metadata: {},
      upstream: [],
      downstream: [],
      locked: false,
      allowed_transitions: ['in_progress', 'out_of_scope'],
      imported_from: null,
      created_by: expect.objectContaining({ id: ids['editor@demo.local'] }),
    });
    const model = await create({ name: 'Credit scorer', asset_card_type: 'model', asset_card_nature: 'in_house', upstream: [{ card_id: dataset.id, relation: 'trained_on' }] });
    expect(model).toMatchObject({ upstream_count: 1, upstream: [{ card: { id: dataset.id, name: dataset.name, asset_card_type: 'dataset', status: 'ready' }, relation: 'trained_on' }] });
    const reread = (await (await t.login('reviewer@demo.local'))({ method: 'GET', url: url(`/${dataset.id}`) })).json();
    expect(reread).toMatchObject({ downstream_count: 1, downstream: [{ card: { id: model.id }, relation: 'trained_on' }] });
  });

  it('refuses bad input with 422 naming the field, and creates nothing', async () => {
    const editor = await t.login('editor@demo.local');
    const other = await create({ name: 'Chatbot model', asset_card_type: 'model', asset_card_nature: 'third_party' }, 'owner@demo.local', chatbot);
    const before = (await editor({ method: 'GET', url: url('?size=250') })).json().total;
    const base = { name: 'x', asset_card_type: 'model', asset_card_nature: 'in_house' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, asset_card_type: 'spreadsheet' }, 'body.asset_card_type'],
      [{ ...base, asset_card_nature: 'borrowed' }, 'body.asset_card_nature'],
      [{ ...base, name: ' ' }, 'body.name'],
      [{ asset_card_type: 'model', asset_card_nature: 'in_house' }, 'body.name'],
      [{ ...base, sections: { source_and_provenance: 'a dataset section on a model' } }, 'body.sections.source_and_provenance'],
      [{ ...base, sections: { other: 'unmapped' } }, 'body.sections.other'],
      [{ ...base, facts: { source_url: 'javascript:alert(1)' } }, 'body.facts.source_url'],
      [{ ...base, facts: { time_span_start: '2024-01-01', time_span_end: '2023-01-01' } }, 'body.facts.time_span_end'],
      [{ ...base, facts: { metrics: [{ name: 'auc', value: 'high' }] } }, 'body.facts.metrics.0.value'],
      [{ ...base, upstream: [{ card_id: other.id, relation: 'trained_on' }] }, 'body.upstream'],
      [{ ...base, upstream: [{ card_id: other.id, relation: 'inspired_by' }] }, 'body.upstream.0.relation'],
      [{ ...base, owner_id: ids['admin@demo.local'] }, 'body.owner_id'],
    ];
    for (const [payload, path] of cases) {
      const response = await editor({ method: 'POST', url: url(), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors.map((e: { path: string }) => e.path), JSON.stringify(payload)).toContain(path);
    }
    const foreign = await editor({ method: 'POST', url: url(), payload: { ...base, upstream: [{ card_id: other.id, relation: 'trained_on' }] } });
    expect(foreign.json().detail).toContain(other.id);
    // Someone of another organization as owner: not found.
    expect((await editor({ method: 'POST', url: url(), payload: { ...base, owner_id: ids['outsider@other.local'] } })).statusCode).toBe(404);
    expect((await editor({ method: 'GET', url: url('?size=250') })).json().total).toBe(before);
  });

  it('is refused to reviewers and auditors (403) and to another organization (404)', async () => {
    for (const email of ['reviewer@demo.local', 'auditor@demo.local']) {
      const response = await (await t.login(email))({ method: 'POST', url: url(), payload: { name: 'x', asset_card_type: 'model', asset_card_nature: 'in_house' } });
      expect(response.statusCode, email).toBe(403);
    }
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'POST', url: url(), payload: { name: 'x', asset_card_type: 'model', asset_card_nature: 'in_house' } })).statusCode).toBe(404);
    expect((await outsider({ method: 'GET', url: url() })).statusCode).toBe(404);
    expect((await outsider({ method: 'GET', url: url('/lineage') })).statusCode).toBe(404);
  });
});

describe('the list', () => {
  let cards: Record<string, Card>;
  beforeAll(async () => {
    cards = {
      data: await create({ name: 'List: bureau feed', asset_card_type: 'dataset', asset_card_nature: 'third_party' }),
      model: await create({ name: 'List: gradient boosting', asset_card_type: 'model', asset_card_nature: 'in_house' }),
      system: await create({ name: 'List: decision engine', asset_card_type: 'ai_system', asset_card_nature: 'in_house' }),
      service: await create({ name: 'List: KYC API', asset_card_type: 'third_party_service', asset_card_nature: 'third_party' }),
      lib: await create({ name: 'List: xgboost', asset_card_type: 'software_component', asset_card_nature: 'open_source' }),
    };
    await (await t.login('editor@demo.local'))({ method: 'PUT', url: url(`/${cards.model!.id}/assignees`), payload: { assignees: [ids['editor@demo.local']], reviewers: [] } });
    expect((await patch(cards.system!.id, { status: 'in_progress' })).statusCode).toBe(200);
  });

  const names = async (query: string, as = 'reviewer@demo.local') =>
    ((await (await t.login(as))({ method: 'GET', url: url(`?size=250&${query}`) })).json().items as Card[]).map((c) => c.name).filter((n) => n.startsWith('List:'));

  it('filters by name, type, nature, status and assignment', async () => {
    expect(await names('name=list:')).toHaveLength(5);
    expect(await names('name=BOOST')).toEqual(['List: gradient boosting', 'List: xgboost']);
    expect(await names('asset_card_type=dataset,model')).toEqual(['List: bureau feed', 'List: gradient boosting']);
    expect(await names('asset_card_nature=third_party')).toEqual(['List: bureau feed', 'List: KYC API']);
    expect(await names('asset_card_type=model&asset_card_nature=third_party')).toEqual([]);
    expect(await names('status=in_progress')).toEqual(['List: decision engine']);
    expect(await names('is_assigned_to_me=true', 'editor@demo.local')).toEqual(['List: gradient boosting']);
    expect(await names('is_assigned_to_me=true')).toEqual([]);
    // % and _ are letters, not wildcards.
    expect(await names('name=%25')).toEqual([]);
    const reviewer = await t.login('reviewer@demo.local');
    for (const bad of ['asset_card_type=spreadsheet', 'asset_card_nature=borrowed', 'status=done', 'sort_by=owner', 'size=0', 'page=0', 'is_assigned_to_me=maybe']) {
      const response = await reviewer({ method: 'GET', url: url(`?${bad}`) });
      expect(response.statusCode, bad).toBe(422);
    }
  });

  it('sorts by name, type, nature, status and dates, both ways, and pages', async () => {
    expect(await names('name=list:')).toEqual(['List: bureau feed', 'List: decision engine', 'List: gradient boosting', 'List: KYC API', 'List: xgboost']);
    expect(await names('name=list:&descending=true')).toEqual(['List: xgboost', 'List: KYC API', 'List: gradient boosting', 'List: decision engine', 'List: bureau feed']);
    expect(await names('name=list:&sort_by=asset_card_type')).toEqual(['List: gradient boosting', 'List: bureau feed', 'List: decision engine', 'List: xgboost', 'List: KYC API']);
    expect(await names('name=list:&sort_by=asset_card_nature')).toEqual(['List: decision engine', 'List: gradient boosting', 'List: bureau feed', 'List: KYC API', 'List: xgboost']);
    expect((await names('name=list:&sort_by=status&descending=true'))[0]).toBe('List: decision engine');
    expect(await names('name=list:&sort_by=created_at')).toEqual(['List: bureau feed', 'List: gradient boosting', 'List: decision engine', 'List: KYC API', 'List: xgboost']);
    expect((await names('name=list:&sort_by=updated_at&descending=true'))[0]).toBe('List: decision engine');
    const reviewer = await t.login('reviewer@demo.local');
    const second = (await reviewer({ method: 'GET', url: url('?name=list:&size=2&page=2') })).json();
    expect(second).toMatchObject({ total: 5, page: 2, size: 2, pages: 3 });
    expect(second.items.map((c: Card) => c.name)).toEqual(['List: gradient boosting', 'List: KYC API']);
    const item = (await reviewer({ method: 'GET', url: url('?name=list: gradient') })).json().items[0];
    expect(item).toMatchObject({ assignees: [expect.objectContaining({ id: ids['editor@demo.local'] })], tags: [], upstream_count: 0, control_count: 0, review_status: null, approval_forced: false, needs_attention: false });
  });

  it('reads a page with a fixed number of queries, whatever its size', async () => {
    const counted = async (size: number) => {
      let queries = 0;
      const execute = t.db.execute.bind(t.db);
      (t.db as { execute: typeof execute }).execute = ((query: Parameters<typeof execute>[0]) => {
        queries++;
        return execute(query);
      }) as typeof execute;
      try {
        await (await t.login('reviewer@demo.local'))({ method: 'GET', url: url(`?size=${size}`) });
      } finally {
        (t.db as { execute: typeof execute }).execute = execute;
      }
      return queries;
    };
    expect(await counted(2)).toBe(await counted(50));
  });
});

describe('changing a card', () => {
  let dataset: Card;
  let model: Card;
  let system: Card;
  beforeAll(async () => {
    dataset = await create({ name: 'Change: applications', asset_card_type: 'dataset', asset_card_nature: 'in_house' });
    model = await create({ name: 'Change: scorer', asset_card_type: 'model', asset_card_nature: 'in_house', upstream: [{ card_id: dataset.id, relation: 'trained_on' }] });
    system = await create({ name: 'Change: engine', asset_card_type: 'ai_system', asset_card_nature: 'in_house', upstream: [{ card_id: model.id, relation: 'uses' }] });
  });

  it('changes content, facts and sections (whole objects) and logs it', async () => {
    const response = await patch(model.id, {
      name: 'Change: scorer v2',
      version: '2.0',
      asset_card_nature: 'open_source',
      owner_id: ids['owner@demo.local'],
      facts: { license: 'apache-2.0', task: 'tabular-classification', metrics: [{ name: 'AUC', value: 0.81, dataset: 'holdout 2024' }] },
      sections: { intended_use: 'Scores applications.', limitations: 'Thin files.' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Change: scorer v2',
      version: '2.0',
      asset_card_nature: 'open_source',
      license: 'apache-2.0',
      owner: expect.objectContaining({ id: ids['owner@demo.local'] }),
      facts: expect.objectContaining({ metrics: [{ name: 'AUC', value: 0.81, dataset: 'holdout 2024' }] }),
      sections: { intended_use: 'Scores applications.', limitations: 'Thin files.' },
    });
    const again = (await patch(model.id, { sections: { intended_use: 'Scores applications.' } })).json();
    expect(again.sections).toEqual({ intended_use: 'Scores applications.' });
    const log = (await (await t.login('editor@demo.local'))({ method: 'GET', url: `/api/projects/${project}/logs/${model.id}` })).json().items;
    expect(log[0]).toMatchObject({ action: 'updated', after: { sections_changed: ['limitations'] } });
    expect(log.some((e: { action: string; before: Record<string, unknown> }) => e.action === 'updated' && e.before.name === 'Change: scorer')).toBe(true);
    for (const [payload, path] of [
      [{ sections: { source_and_provenance: 'x' } }, 'body.sections.source_and_provenance'],
      [{ owner_id: ids['admin@demo.local'] }, 'body.owner_id'],
      [{}, ''],
      [{ asset_card_type: 'dataset' }, ''],
      [{ asset_card_nature: 'borrowed' }, 'body.asset_card_nature'],
    ] as const) {
      const refused = await patch(model.id, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      if (path) expect(refused.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it('keeps lineage within the project and without loops', async () => {
    const other = await create({ name: 'Chatbot data', asset_card_type: 'dataset', asset_card_nature: 'in_house' }, 'owner@demo.local', chatbot);
    const loop = await patch(dataset.id, { upstream: [{ card_id: system.id, relation: 'depends_on' }] });
    expect(loop.statusCode).toBe(422);
    expect(loop.json()).toMatchObject({ errors: [{ path: 'body.upstream' }], detail: expect.stringContaining('loop') });
    expect((await patch(dataset.id, { upstream: [{ card_id: dataset.id, relation: 'depends_on' }] })).statusCode).toBe(422);
    const foreign = await patch(model.id, { upstream: [{ card_id: other.id, relation: 'trained_on' }] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail).toContain(other.id);
    expect((await patch(model.id, { upstream: [{ card_id: dataset.id, relation: 'trained_on' }, { card_id: dataset.id, relation: 'evaluated_on' }] })).statusCode).toBe(422);
    // Replacing: a second dataset, the first one now for evaluation.
    const holdout = await create({ name: 'Change: holdout', asset_card_type: 'dataset', asset_card_nature: 'in_house' });
    const changed = await patch(model.id, { upstream: [{ card_id: dataset.id, relation: 'evaluated_on' }, { card_id: holdout.id, relation: 'trained_on' }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().upstream.map((u: { card: Card; relation: string }) => [u.card.name, u.relation])).toEqual([
      ['Change: applications', 'evaluated_on'],
      ['Change: holdout', 'trained_on'],
    ]);
    const graph = (await (await t.login('auditor@demo.local'))({ method: 'GET', url: url('/lineage') })).json();
    expect(graph.edges).toEqual(expect.arrayContaining([{ from_id: holdout.id, to_id: model.id, relation: 'trained_on' }, { from_id: model.id, to_id: system.id, relation: 'uses' }]));
    expect(graph.nodes.find((n: Card) => n.id === system.id)).toEqual({ id: system.id, name: 'Change: engine', asset_card_type: 'ai_system', asset_card_nature: 'in_house', status: 'ready' });
    expect(graph.nodes.some((n: Card) => n.id === other.id)).toBe(false);
    const holdoutLog = (await (await t.login('editor@demo.local'))({ method: 'GET', url: `/api/projects/${project}/logs/${holdout.id}` })).json().items;
    expect(holdoutLog[0]).toMatchObject({ action: 'downstream_linked', after: { asset_card_id: model.id } });
  });

  it('links controls, risks and evidence of the project (whole lists), counted on the list', async () => {
    const editor = await t.login('editor@demo.local');
    const risk = (await editor({ method: 'POST', url: `/api/projects/${project}/risks`, payload: { name: 'Scorer drift', likelihood: 2, impact: 2 } })).json();
    const evidence = (await uploadEvidence(editor, project, 'Validation report', { filename: 'validation.txt' })).json();
    const linked = await patch(model.id, { control_ids: controlIds.slice(0, 2), risk_ids: [risk.id], evidence_ids: [evidence.id] });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ control_count: 2, risk_count: 1, evidence_count: 1, risks: [{ id: risk.id, reference: risk.reference, name: 'Scorer drift' }], evidences: [{ id: evidence.id, file_type: evidence.file_type }] });
    expect(linked.json().controls.map((c: { id: string }) => c.id).sort()).toEqual(controlIds.slice(0, 2).sort());
    const riskLog = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${risk.id}` })).json().items;
    expect(riskLog[0]).toMatchObject({ action: 'asset_card_linked', after: { asset_card_id: model.id } });
    const fewer = (await patch(model.id, { control_ids: [controlIds[1]] })).json();
    expect(fewer).toMatchObject({ control_count: 1, risk_count: 1 });
    const chatbotRisk = (await (await t.login('owner@demo.local'))({ method: 'POST', url: `/api/projects/${chatbot}/risks`, payload: { name: 'Elsewhere', likelihood: 1, impact: 1 } })).json();
    for (const [payload, path] of [
      [{ risk_ids: [chatbotRisk.id] }, 'body.risk_ids'],
      [{ control_ids: [chatbotRisk.id] }, 'body.control_ids'],
      [{ evidence_ids: [risk.id] }, 'body.evidence_ids'],
    ] as const) {
      const refused = await patch(model.id, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(refused.json().errors[0].path).toBe(path);
    }
    expect((await patch(model.id, { control_ids: [] })).json().control_count).toBe(0);
  });

  it('moves through the shared life cycle: out of scope needs a reason, approval only through a review', async () => {
    const card = await create({ name: 'Change: status', asset_card_type: 'software_component', asset_card_nature: 'open_source' });
    expect((await patch(card.id, { status: 'out_of_scope' })).statusCode).toBe(422);
    expect((await patch(card.id, { status: 'out_of_scope', justification: 'Not used any more' })).json()).toMatchObject({ status: 'out_of_scope', status_history: [{ from: 'ready', to: 'out_of_scope', justification: 'Not used any more' }] });
    const approved = await patch(card.id, { status: 'approved' });
    expect(approved.statusCode).toBe(409);
    expect(approved.json().code).toBe('review_required');
    expect((await patch(card.id, { status: 'in_progress' })).json().status).toBe('in_progress');
  });

  it('is refused to reviewers and auditors (403)', async () => {
    for (const email of ['reviewer@demo.local', 'auditor@demo.local']) {
      const as = await t.login(email);
      expect((await patch(model.id, { name: 'x' }, email)).statusCode, email).toBe(403);
      expect((await as({ method: 'DELETE', url: url(`/${model.id}`) })).statusCode, email).toBe(403);
      expect((await as({ method: 'PUT', url: url(`/${model.id}/assignees`), payload: { assignees: [], reviewers: [] } })).statusCode, email).toBe(403);
    }
  });

  it('sets people (project members only) and tags of the organization', async () => {
    const editor = await t.login('editor@demo.local');
    const people = await editor({ method: 'PUT', url: url(`/${system.id}/assignees`), payload: { assignees: [ids['editor@demo.local']], reviewers: [ids['reviewer@demo.local']] } });
    expect(people.statusCode, people.body).toBe(200);
    expect(people.json()).toMatchObject({ assignees: [{ id: ids['editor@demo.local'] }], reviewers: [{ id: ids['reviewer@demo.local'] }] });
    expect((await editor({ method: 'PUT', url: url(`/${system.id}/assignees`), payload: { assignees: [ids['admin@demo.local']], reviewers: [] } })).statusCode).toBe(422);
    expect((await editor({ method: 'PUT', url: url(`/${system.id}/assignees`), payload: { assignees: [ids['outsider@other.local']], reviewers: [] } })).statusCode).toBe(404);
    const tags = (await editor({ method: 'GET', url: `/api/organizations/${(await t.db.select().from(projects).where(eq(projects.id, project)))[0]!.organizationId}/tags` })).json();
    const tag = tags.items[0];
    expect((await patch(system.id, { tags: [tag.tag_id] })).json().tags).toEqual([expect.objectContaining({ tag_id: tag.tag_id })]);
    expect((await patch(system.id, { tags: ['00000000-0000-4000-8000-000000000000'] })).statusCode).toBe(404);
  });
});

describe('an approved card', () => {
  let card: Card;
  let upstream: Card;
  beforeAll(async () => {
    upstream = await create({ name: 'Approved: its data', asset_card_type: 'dataset', asset_card_nature: 'in_house' });
    card = await create({ name: 'Approved: model', asset_card_type: 'model', asset_card_nature: 'in_house', upstream: [{ card_id: upstream.id, relation: 'trained_on' }] });
    const editor = await t.login('editor@demo.local');
    const requested = await editor({ method: 'POST', url: `/api/projects/${project}/reviews/asset_card/${card.id}`, payload: { reviewers: [ids['reviewer@demo.local']] } });
    expect(requested.statusCode, requested.body).toBe(201);
    expect((await editor({ method: 'GET', url: url(`/${card.id}`) })).json()).toMatchObject({ status: 'in_review', review_status: 'in_review' });
    const pendingDelete = await editor({ method: 'DELETE', url: url(`/${card.id}`) });
    expect(pendingDelete.statusCode).toBe(409);
    expect(pendingDelete.json().code).toBe('review_pending');
    const decided = await (await t.login('reviewer@demo.local'))({ method: 'PATCH', url: `/api/projects/${project}/reviews/asset_card/${card.id}/decision`, payload: { decision: 'approved', comment: 'Card complete.' } });
    expect(decided.statusCode, decided.body).toBe(200);
  });

  it('is locked: no content, link, lineage, status or deletion until reopened, while people may change', async () => {
    const editor = await t.login('editor@demo.local');
    expect((await editor({ method: 'GET', url: url(`/${card.id}`) })).json()).toMatchObject({ status: 'approved', locked: true, review_status: 'approved', approval_forced: false, allowed_transitions: [] });
    for (const payload of [{ name: 'Renamed' }, { sections: {} }, { facts: {} }, { tags: [] }, { upstream: [] }, { control_ids: [] }, { evidence_ids: [] }, { status: 'ready' }]) {
      const response = await patch(card.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
      expect(response.json().code).toBe('locked');
    }
    const deleted = await editor({ method: 'DELETE', url: url(`/${card.id}`) });
    expect(deleted.json()).toMatchObject({ code: 'locked', detail: expect.stringContaining('reopen it first') });
    // Its upstream card cannot be deleted either: the approved lineage would change.
    const upstreamDeleted = await editor({ method: 'DELETE', url: url(`/${upstream.id}`) });
    expect(upstreamDeleted.statusCode).toBe(409);
    expect(upstreamDeleted.json().code).toBe('locked');
    expect((await editor({ method: 'PUT', url: url(`/${card.id}/assignees`), payload: { assignees: [ids['editor@demo.local']], reviewers: [] } })).statusCode).toBe(200);
  });

  it('refuses links to an approved control or risk from another card', async () => {
    const editor = await t.login('editor@demo.local');
    const risk = (await editor({ method: 'POST', url: `/api/projects/${project}/risks`, payload: { name: 'Approved risk for cards', likelihood: 2, impact: 2 } })).json();
    await editor({ method: 'POST', url: `/api/projects/${project}/reviews/risk/${risk.id}`, payload: { reviewers: [ids['reviewer@demo.local']] } });
    await (await t.login('reviewer@demo.local'))({ method: 'PATCH', url: `/api/projects/${project}/reviews/risk/${risk.id}/decision`, payload: { decision: 'approved', comment: 'ok' } });
    const other = await create({ name: 'Approved: neighbour', asset_card_type: 'ai_system', asset_card_nature: 'in_house' });
    const refused = await patch(other.id, { risk_ids: [risk.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'locked', detail: expect.stringContaining('risk') });
    expect((await editor({ method: 'GET', url: url(`/${other.id}`) })).json().risk_count).toBe(0);
  });

  it('reopens with a reason and the reopen right (separation of duties: reviews:force_update_status), then takes changes and deletion', async () => {
    const refused = await patch(card.id, { status: 'in_progress', justification: 'New training data' });
    expect(refused.statusCode).toBe(403);
    expect((await patch(card.id, { status: 'in_progress' }, 'owner@demo.local')).statusCode).toBe(422);
    const reopened = await patch(card.id, { status: 'in_progress', justification: 'New training data' }, 'owner@demo.local');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'in_progress', locked: false });
    expect(reopened.json().status_history[0]).toMatchObject({ from: 'approved', to: 'in_progress', justification: 'New training data' });
    expect((await patch(card.id, { name: 'Approved: model (reopened)' })).json().name).toBe('Approved: model (reopened)');
    const editor = await t.login('editor@demo.local');
    expect((await editor({ method: 'DELETE', url: url(`/${upstream.id}`) })).statusCode).toBe(204);
    expect((await editor({ method: 'GET', url: url(`/${card.id}`) })).json()).toMatchObject({ upstream: [], upstream_count: 0 });
    expect((await editor({ method: 'DELETE', url: url(`/${card.id}`) })).statusCode).toBe(204);
    expect((await editor({ method: 'GET', url: url(`/${card.id}`) })).statusCode).toBe(404);
    const log = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${card.id}?size=50` })).json().items;
    expect(log.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['deleted', 'upstream_unlinked', 'status_changed', 'created']));
  });
});

describe('comments and isolation', () => {
  it("takes comments on a card, and 404s another organization's card everywhere", async () => {
    const card = await create({ name: 'Commented card', asset_card_type: 'model', asset_card_nature: 'in_house' });
    const reviewer = await t.login('reviewer@demo.local');
    const comment = await reviewer({ method: 'POST', url: `/api/projects/${project}/comments/asset_card/${card.id}`, payload: { body: 'Which holdout set?' } });
    expect(comment.statusCode, comment.body).toBe(201);

    const outsider = await t.login('outsider@other.local');
    const theirs = (await outsider({ method: 'POST', url: '/api/projects', payload: { name: 'Other assets', project_type: 'ai_application' } })).json();
    const theirCard = (await outsider({ method: 'POST', url: `/api/projects/${theirs.id}/asset_cards`, payload: { name: 'Their model', asset_card_type: 'model', asset_card_nature: 'in_house' } })).json();
    const admin = await t.login('admin@demo.local');
    for (const [method, path] of [
      ['GET', url(`/${theirCard.id}`)],
      ['PATCH', url(`/${theirCard.id}`)],
      ['DELETE', url(`/${theirCard.id}`)],
      ['PUT', url(`/${theirCard.id}/assignees`)],
      ['GET', `/api/projects/${theirs.id}/asset_cards`],
      ['GET', `/api/projects/${theirs.id}/asset_cards/lineage`],
      ['GET', `/api/projects/${theirs.id}/asset_cards/${theirCard.id}`],
      ['GET', `/api/projects/${project}/comments/asset_card/${theirCard.id}`],
    ] as const) {
      const payload = method === 'PATCH' ? { name: 'mine' } : method === 'PUT' ? { assignees: [], reviewers: [] } : undefined;
      expect((await admin({ method, url: path, payload })).statusCode, `${method} ${path}`).toBe(404);
    }
    // Their card as upstream of ours: not a card of this project.
    expect((await (await t.login('editor@demo.local'))({ method: 'PATCH', url: url(`/${card.id}`), payload: { upstream: [{ card_id: theirCard.id, relation: 'uses' }] } })).statusCode).toBe(422);
    expect((await outsider({ method: 'GET', url: `/api/projects/${theirs.id}/asset_cards/${theirCard.id}` })).json().name).toBe('Their model');
  });
});
