import type { RequirementListItem, StatementOfApplicability } from '@aegis/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { CHATBOT_PROJECT } from '../src/demo/seed-chatbot-project';
import { DEMO_PROJECT } from '../src/demo/seed';
import { build, type TestApp } from './helper';

// Issue 29, item 15 ("One number"): the statement of applicability and the requirements list count the
// same rows — every requirement that has controls of its own (each leaf; a section that maps controls
// itself, such as EU AI Act Art. 5(1)), with the same applicability, status and progress.

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['login']>>;
const projects = new Map<string, string>();

beforeAll(async () => {
  t = await build();
  owner = await t.login('owner@demo.local');
  for (const name of [DEMO_PROJECT, CHATBOT_PROJECT]) projects.set(name, (await t.db.select({ id: schema.projects.id }).from(schema.projects).where(eq(schema.projects.name, name)))[0]!.id);
});
afterAll(() => t.close());

type Row = Pick<RequirementListItem, 'id' | 'code' | 'status' | 'applicable' | 'control_count' | 'controls_by_status'>;

/** Every page of the requirements list of one framework. */
async function requirementRows(projectId: string, framework: string) {
  const items: Row[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const response = await owner({ method: 'GET', url: `/api/projects/${projectId}/requirements?framework=${framework}&size=50&page=${page}` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { items: Row[]; total: number };
    total = body.total;
    items.push(...body.items);
    if (body.items.length === 0 || items.length >= total) break;
  }
  expect(items.length, `${framework}: the list's pages hold its total`).toBe(total);
  return { items, total };
}

async function statementOf(projectId: string, framework: string) {
  const response = await owner({ method: 'GET', url: `/api/projects/${projectId}/statement-of-applicability?framework=${framework}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as StatementOfApplicability;
}

/** The project's controls' statuses by code (all pages). */
async function controlStatuses(projectId: string) {
  const statuses = new Map<string, string>();
  for (let page = 1; ; page++) {
    const body = (await owner({ method: 'GET', url: `/api/projects/${projectId}/controls?size=250&page=${page}` })).json() as { items: { control_code: string; status: string }[]; total: number };
    for (const control of body.items) statuses.set(control.control_code, control.status);
    if (body.items.length === 0 || statuses.size >= body.total) return statuses;
  }
}

/**
 * Which of the list's rows the framework's statement decides: ISO/IEC 42001's statement is its Annex A
 * (clauses 4 to 10 are the management system and always apply); every row of the other frameworks.
 */
const inStatement = (framework: string, row: Row) => framework !== 'ISO_IEC_42001' || /^A\.\d/.test(row.code);

async function expectSameRows(projectId: string, framework: string) {
  const soa = await statementOf(projectId, framework);
  const list = await requirementRows(projectId, framework);
  const rows = list.items.filter((row) => inStatement(framework, row));

  // The same set of requirements, counted the same; those binding public authorities only, and those deleted by an amendment, are listed apart and in no count (issue 30, items 13, 17).
  const listed = [...soa.items, ...soa.authorities_only, ...soa.deleted];
  expect(listed.map((i) => i.requirement_id).sort(), `${framework}: the statement's rows are the list's`).toEqual(rows.map((r) => r.id).sort());
  expect(soa.counts.included + soa.counts.excluded).toBe(soa.items.length);
  expect(soa.counts.included, `${framework}: included = applicable rows of the list`).toBe(rows.filter((r) => r.applicable).length);
  if (framework !== 'ISO_IEC_42001') expect(listed.length, `${framework}: the statement lists the list's total`).toBe(list.total);

  // Row by row: applicability, status and progress (approved of total controls) agree.
  const statuses = await controlStatuses(projectId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const item of listed) {
    const row = byId.get(item.requirement_id)!;
    expect({ code: item.code, included: item.included, status: item.status }).toEqual({ code: row.code, included: row.applicable, status: row.status });
    const approved = item.control_codes.filter((code) => statuses.get(code) === 'approved').length;
    expect(`${item.code}: ${approved} of ${item.control_codes.length} approved`).toBe(`${row.code}: ${row.controls_by_status.approved} of ${row.control_count} approved`);
  }
  return { soa, list };
}

describe('the statement of applicability and the requirements list count the same rows', () => {
  it('EU AI Act (with ISO/IEC 42001 and NIST AI RMF applied too, in the demo project): one row per requirement with its own controls, sections that map controls included', async () => {
    const projectId = projects.get(DEMO_PROJECT)!;
    const { soa, list } = await expectSameRows(projectId, 'EU_AI_ACT');
    expect(list.total).toBe(249);
    // Art. 5(1) maps controls of its own besides its points (a)-(h): it is a row of both.
    expect(soa.items.find((i) => i.code === 'Art. 5(1)')).toBeDefined();
    expect(soa.items.find((i) => i.code === 'Art. 5(1)(a)')).toBeDefined();
    // Approved work shows on both (the demo's approved controls).
    expect(list.items.some((r) => r.controls_by_status.approved > 0)).toBe(true);
  });

  it('ISO/IEC 42001 (its Annex A) and NIST AI RMF of the same project', async () => {
    const projectId = projects.get(DEMO_PROJECT)!;
    const iso = await expectSameRows(projectId, 'ISO_IEC_42001');
    expect(iso.soa.items).toHaveLength(38);
    const nist = await expectSameRows(projectId, 'NIST_AI_RMF');
    expect(nist.soa.items).toHaveLength(72);
  });

  it('EU AI Act alone applied with NIST AI RMF (the chatbot project) and in a new project with the EU AI Act only', async () => {
    await expectSameRows(projects.get(CHATBOT_PROJECT)!, 'EU_AI_ACT');
    await expectSameRows(projects.get(CHATBOT_PROJECT)!, 'NIST_AI_RMF');
    const created = await owner({ method: 'POST', url: '/api/projects', payload: { name: 'SoA rows: EU only', project_type: 'ai_application', frameworks: ['EU_AI_ACT'] } });
    expect(created.statusCode, created.body).toBe(201);
    const projectId = created.json().id as string;
    const { soa } = await expectSameRows(projectId, 'EU_AI_ACT');
    // 249 rows (Art. 60a since issue 30), of which those binding public authorities only and those deleted by an amendment are listed apart.
    expect(soa.items.length + soa.authorities_only.length + soa.deleted.length).toBe(249);

    // A row is decided on as it is listed: a section with controls of its own may be excluded (it then
    // reads excluded on both lists); a heading without controls is no row and is decided through its points.
    const art51 = soa.items.find((i) => i.code === 'Art. 5(1)')!;
    const excluded = await owner({ method: 'PUT', url: `/api/projects/${projectId}/requirements/${art51.requirement_id}/applicability`, payload: { decision: 'exclude', justification: 'Screened at group level' } });
    expect(excluded.statusCode, excluded.body).toBe(200);
    expect(excluded.json().item).toMatchObject({ code: 'Art. 5(1)', included: false, decided_by: 'person' });
    const after = await expectSameRows(projectId, 'EU_AI_ACT');
    expect(after.soa.counts.excluded).toBe(soa.counts.excluded + 1);
    const heading = await t.db.execute(
      `select pr.id from project_requirements pr join framework_requirements r on r.id = pr.requirement_id where pr.project_id = '${projectId}' and r.id = (select parent_id from framework_requirements c where c.id = (select requirement_id from project_requirements where id = '${art51.requirement_id}'))`,
    );
    const headingId = (heading as unknown as { rows: { id: string }[] }).rows[0]!.id;
    expect(after.list.items.some((r) => r.id === headingId)).toBe(false);
    const refused = await owner({ method: 'PUT', url: `/api/projects/${projectId}/requirements/${headingId}/applicability`, payload: { decision: 'exclude', justification: 'x' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toMatch(/is a section/);
  });
});
