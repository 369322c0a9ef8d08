import type { SoaItem, StatementOfApplicability } from '@aegis/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameworkRequirements, frameworks, projectRequirements } from '../src/db/schema';
import { syncBuiltInFrameworks } from '../src/modules/frameworks/built-in-sync';
import { build, type TestApp } from './helper';
import { pdfText, squeezed } from './pdf-text';

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['login']>>;
let project: string;
const PROJECT_NAME = 'SoA: hiring assistant';

beforeAll(async () => {
  t = await build();
  owner = await t.login('owner@demo.local');
  const created = await owner({ method: 'POST', url: '/api/projects', payload: { name: PROJECT_NAME, project_type: 'organization', frameworks: ['ISO_IEC_42001'] } });
  expect(created.statusCode).toBe(201);
  project = created.json().id;
});
afterAll(() => t.close());

const soaUrl = (id = project, query = '') => `/api/projects/${id}/statement-of-applicability${query}`;
const csvUrl = (id = project, query = '') => `/api/projects/${id}/statement-of-applicability.csv${query}`;
const decisionUrl = (requirementId: string, id = project, query = '') => `/api/projects/${id}/requirements/${requirementId}/applicability${query}`;
const statement = async (id = project, query = '') => {
  const response = await owner({ method: 'GET', url: soaUrl(id, query) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as StatementOfApplicability;
};
const item = (s: StatementOfApplicability, code: string) => s.items.find((i) => i.code === code)!;
const answer = async (question: string, value: string) => {
  const response = await owner({ method: 'PUT', url: `/api/projects/${project}/frameworks-questionnaires/ISO_IEC_42001/answers/${question}`, payload: { answer: [value] } });
  expect(response.statusCode, response.body).toBe(200);
};

/** Annex A controls the scoping answers below exclude: nothing developed, nothing supplied to customers. */
const EXCLUDED_BY_ANSWERS = ['A.6.1.2', 'A.6.1.3', 'A.6.2.2', 'A.6.2.3', 'A.6.2.4', 'A.6.2.7', 'A.7.2', 'A.10.4'];
const JUSTIFICATION = '=HYPERLINK("x") Suppliers are covered by the group procurement policy, P-12, "as audited"';

describe('statement of applicability', () => {
  it('lists every Annex A control, included by default, with its section, status and controls; clauses are not in it', async () => {
    const soa = await statement();
    expect(soa).toMatchObject({ framework_code: 'ISO_IEC_42001', counts: { included: 38, excluded: 0 } });
    expect(soa.items).toHaveLength(38);
    expect(soa.items.every((i) => /^A\.\d+\.\d+(\.\d+)?$/.test(i.code))).toBe(true);
    expect(soa.items[0]!.code).toBe('A.2.2');
    expect(item(soa, 'A.6.1.2')).toMatchObject({ included: true, decided_by: 'default', justification: null, decided_at: null, decided_by_user: null, status: 'ready', section: ['AI system life cycle', 'Management guidance for AI system development'] });
    // Every row says why, with what it is (issue 30, item 16); the statement of ISO/IEC 42001 has no EU AI Act header and nothing binds authorities only.
    expect(item(soa, 'A.6.1.2').reason).toMatch(/^Applies: until answered, as it applies only when the answer to “Does the organization design or develop AI systems or models\?” is .* \(not answered yet\) — ISO\/IEC 42001:2023, Annex A, control A\.6\.1\.2$/);
    expect(soa.header).toBeNull();
    expect(soa.authorities_only).toEqual([]);
    expect(item(soa, 'A.10.3').control_codes).toEqual(['MFF-1.TPR.01', 'MFF-1.TPR.03']);
  });

  it('after the questionnaire, excludes the controls the answers rule out, with the engine reason', async () => {
    await answer('iso_42001.develops', 'no');
    await answer('iso_42001.uses', 'yes');
    await answer('iso_42001.provides', 'no');
    await answer('iso_42001.third_parties', 'yes');
    const soa = await statement();
    expect(soa.items.filter((i) => !i.included).map((i) => i.code)).toEqual(EXCLUDED_BY_ANSWERS);
    expect(soa.counts).toEqual({ included: 30, excluded: 8 });
    const a72 = item(soa, 'A.7.2');
    expect(a72).toMatchObject({ included: false, decided_by: 'engine', status: 'out_of_scope', decided_by_user: null });
    expect(a72.justification).toMatch(/^Applies when .*design or develop AI systems.*this project's answer: No$/);
    expect(a72.reason).toMatch(/^Does not apply: it applies when .*design or develop AI systems.*; this project's answer to “Does the organization design or develop AI systems or models\?”: No — ISO\/IEC 42001:2023, Annex A, control A\.7\.2$/);
    // Third parties are involved: the supplier controls apply, from the answers.
    expect(item(soa, 'A.10.2')).toMatchObject({ included: true, decided_by: 'default' });
    expect(item(soa, 'A.10.3')).toMatchObject({ included: true, status: 'ready' });
  });

  it("a person's exclusion with a justification shows in the statement and the CSV and takes its controls out of scope; engine gives it back", async () => {
    const a103 = item(await statement(), 'A.10.3');
    // A dry run says what would move and keeps nothing.
    const dry = await owner({ method: 'PUT', url: decisionUrl(a103.requirement_id, project, '?dry_run=true'), payload: { decision: 'exclude', justification: JUSTIFICATION } });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().change.controls_out.map((c: { control_code: string }) => c.control_code).sort()).toEqual(['MFF-1.TPR.01', 'MFF-1.TPR.03']);
    expect(dry.json().item).toMatchObject({ included: true, decided_by: 'default' });
    expect(item(await statement(), 'A.10.3').included).toBe(true);

    const excluded = await owner({ method: 'PUT', url: decisionUrl(a103.requirement_id), payload: { decision: 'exclude', justification: `  ${JUSTIFICATION}  ` } });
    expect(excluded.statusCode, excluded.body).toBe(200);
    const body = excluded.json();
    expect(body.item).toMatchObject({ requirement_id: a103.requirement_id, included: false, decided_by: 'person', justification: JUSTIFICATION, status: 'out_of_scope' });
    expect(body.item.decided_by_user).toMatchObject({ email: 'owner@demo.local' });
    expect(Date.parse(body.item.decided_at)).not.toBeNaN();
    expect(body.change.requirements_out).toEqual([expect.objectContaining({ code: 'A.10.3', reason: `Excluded by a person: ${JUSTIFICATION}` })]);
    expect(body.change.controls_out).toEqual(
      expect.arrayContaining([expect.objectContaining({ control_code: 'MFF-1.TPR.01', status_before: 'ready' }), expect.objectContaining({ control_code: 'MFF-1.TPR.03', status_before: 'ready' })]),
    );
    for (const code of ['MFF-1.TPR.01', 'MFF-1.TPR.03']) expect((await owner({ method: 'GET', url: `/api/projects/${project}/controls/${code}` })).json().status).toBe('out_of_scope');
    const soa = await statement();
    expect(item(soa, 'A.10.3')).toMatchObject({ included: false, decided_by: 'person', justification: JUSTIFICATION });
    expect(soa.counts).toEqual({ included: 29, excluded: 9 });

    // The decision is in the requirement's history, what it moved in the project's.
    const history = (await owner({ method: 'GET', url: `/api/projects/${project}/logs/${a103.requirement_id}` })).json();
    expect(history.items[0]).toMatchObject({ action: 'applicability_decided', after: { decision: 'exclude', justification: JUSTIFICATION } });
    const projectLog = (await owner({ method: 'GET', url: `/api/projects/${project}/logs/${project}?size=5` })).json();
    expect(projectLog.items.map((e: { action: string }) => e.action)).toContain('applicability_changed');

    const csv = await owner({ method: 'GET', url: csvUrl(project, '?framework=ISO_IEC_42001') });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="SoA: hiring assistant - ISO_IEC_42001 statement of applicability.csv"; filename*=UTF-8''${encodeURIComponent(`${PROJECT_NAME} - ISO_IEC_42001 statement of applicability.csv`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    const all = csv.body.split('\r\n');
    // The preamble (what, when, the counts), a blank line, then the table.
    expect(all[0]).toMatch(/^Statement of applicability,ISO\/IEC 42001/);
    expect(all).toContain('Included,29,Excluded,9');
    const head = all.indexOf('Code,Title,Section,Included,Decided by,Reason,Article,Applies from,Justification,Decided by person,Decided at,Status,Controls');
    expect(all[head - 1]).toBe('');
    const lines = all.slice(head);
    expect(lines).toHaveLength(38 + 2);
    expect(lines.at(-1)).toBe('');
    const row = lines.find((l) => l.startsWith('A.10.3,'))!;
    // Quoted (it holds commas and quotes), its quotes doubled, and a formula defused by an apostrophe.
    expect(row).toContain(`,"'=HYPERLINK(""x"") Suppliers are covered by the group procurement policy, P-12, ""as audited""",`);
    expect(row).toMatch(/^A\.10\.3,Suppliers,Third-party and customer relationships,Excluded,Person,/);
    expect(row).toContain('Out of scope,MFF-1.TPR.01; MFF-1.TPR.03');
    expect(lines.find((l) => l.startsWith('A.7.2,'))).toContain(',Excluded,Scoping answers,"Does not apply: it applies when');

    // Given back to the engine: the answers include it again and its controls come back as they were.
    const back = await owner({ method: 'PUT', url: decisionUrl(a103.requirement_id), payload: { decision: 'engine' } });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().item).toMatchObject({ included: true, decided_by: 'default', justification: null, decided_by_user: null, decided_at: null, status: 'ready' });
    expect(back.json().change.controls_restored.map((c: { control_code: string; status: string }) => `${c.control_code} ${c.status}`).sort()).toEqual(['MFF-1.TPR.01 ready', 'MFF-1.TPR.03 ready']);
    expect((await owner({ method: 'GET', url: `/api/projects/${project}/controls/MFF-1.TPR.01` })).json().status).toBe('ready');
  });

  it('a person may include what the answers exclude, with a justification', async () => {
    const a72 = item(await statement(), 'A.7.2');
    const included = await owner({ method: 'PUT', url: decisionUrl(a72.requirement_id), payload: { decision: 'include', justification: 'We fine-tune a vendor model next quarter' } });
    expect(included.statusCode, included.body).toBe(200);
    expect(included.json().item).toMatchObject({ included: true, decided_by: 'person', justification: 'We fine-tune a vendor model next quarter', status: 'ready' });
    expect(included.json().change.requirements_in).toEqual([expect.objectContaining({ code: 'A.7.2' })]);
    expect((await statement()).counts).toEqual({ included: 31, excluded: 7 });
  });

  it('refuses a decision without a justification, on a clause or a section, and including what binds only authorities (422)', async () => {
    const soa = await statement();
    const id = item(soa, 'A.10.4').requirement_id;
    for (const payload of [{ decision: 'exclude' }, { decision: 'include', justification: '   ' }]) {
      const refused = await owner({ method: 'PUT', url: decisionUrl(id), payload });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual([expect.objectContaining({ path: 'body.justification' })]);
      expect(refused.json().detail).toMatch(/^justification: /);
    }
    expect((await owner({ method: 'PUT', url: decisionUrl(id), payload: { decision: 'maybe', justification: 'x' } })).statusCode).toBe(422);
    expect((await owner({ method: 'PUT', url: decisionUrl(id), payload: { decision: 'exclude', justification: 'x', extra: 1 } })).statusCode).toBe(422);

    // Clauses 4 to 10 always apply; sections are decided through their requirements.
    const requirements = (await owner({ method: 'GET', url: `/api/projects/${project}/requirements?framework=ISO_IEC_42001&size=100` })).json().items as { id: string; code: string }[];
    const clause = requirements.find((r) => r.code === '4.1')!;
    const refusedClause = await owner({ method: 'PUT', url: decisionUrl(clause.id), payload: { decision: 'exclude', justification: 'not needed' } });
    expect(refusedClause.statusCode).toBe(422);
    expect(refusedClause.json().detail).toMatch(/ISO_IEC_42001 4\.1 .*clauses 4 to 10 .*always apply/);
    const sections = await t.db.execute(`select pr.id from project_requirements pr join framework_requirements r on r.id = pr.requirement_id where pr.project_id = '${project}' and r.code = 'A.6'`);
    const section = (sections as unknown as { rows: { id: string }[] }).rows[0];
    const refusedSection = await owner({ method: 'PUT', url: decisionUrl(section!.id), payload: { decision: 'exclude', justification: 'x' } });
    expect(refusedSection.statusCode).toBe(422);
    expect(refusedSection.json().detail).toMatch(/is a section/);

    // EU AI Act: a paragraph that binds public authorities only is listed apart (issue 30, item 17), and cannot be included.
    const eu = (await owner({ method: 'POST', url: '/api/projects', payload: { name: 'SoA EU', project_type: 'ai_application', frameworks: ['EU_AI_ACT'] } })).json();
    const euSoa = await statement(eu.id, '?framework=EU_AI_ACT');
    expect(euSoa.items.some((i) => i.justification === 'Binds public authorities only; shown for reference.')).toBe(false);
    const authorities = euSoa.authorities_only.find((i) => i.justification === 'Binds public authorities only; shown for reference.')!;
    expect(authorities).toMatchObject({ included: false, decided_by: 'engine', status: 'out_of_scope' });
    const refusedInclude = await owner({ method: 'PUT', url: decisionUrl(authorities.requirement_id, eu.id), payload: { decision: 'include', justification: 'we want it' } });
    expect(refusedInclude.statusCode).toBe(422);
    expect(refusedInclude.json().errors).toEqual([expect.objectContaining({ path: 'body.decision' })]);
  });

  it('needs questionnaire:update to decide (403 for a reviewer), and answers 404 for another organization, another project and a framework not applied', async () => {
    const reviewerToken = await t.login('reviewer@demo.local');
    const reviewerId = (await reviewerToken({ method: 'GET', url: '/api/users/me' })).json().id;
    expect((await owner({ method: 'POST', url: `/api/users/${reviewerId}/roles?role=reviewer&project_id=${project}` })).statusCode).toBe(200);
    const reviewer = await t.login('reviewer@demo.local');
    expect((await reviewer({ method: 'GET', url: soaUrl() })).statusCode).toBe(200);
    const a104 = item(await statement(), 'A.10.4');
    const denied = await reviewer({ method: 'PUT', url: decisionUrl(a104.requirement_id), payload: { decision: 'include', justification: 'x' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe('Missing permission questionnaire:update on this project');

    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'GET', url: soaUrl() })).statusCode).toBe(404);
    expect((await outsider({ method: 'GET', url: csvUrl() })).statusCode).toBe(404);
    expect((await outsider({ method: 'PUT', url: decisionUrl(a104.requirement_id), payload: { decision: 'exclude', justification: 'x' } })).statusCode).toBe(404);

    // A requirement of another project, or no requirement at all.
    const other = (await owner({ method: 'POST', url: '/api/projects', payload: { name: 'SoA other', project_type: 'organization', frameworks: ['ISO_IEC_42001'] } })).json();
    const notHere = await owner({ method: 'PUT', url: decisionUrl(a104.requirement_id, other.id), payload: { decision: 'exclude', justification: 'x' } });
    expect(notHere.statusCode).toBe(404);
    expect((await owner({ method: 'PUT', url: decisionUrl('00000000-0000-4000-8000-000000000000'), payload: { decision: 'engine' } })).statusCode).toBe(404);
    expect(item(await statement(), 'A.10.4')).toMatchObject({ included: false, decided_by: 'engine' });

    const notApplied = await owner({ method: 'GET', url: soaUrl(project, '?framework=NIST_AI_RMF') });
    expect(notApplied.statusCode).toBe(404);
    expect(notApplied.json().detail).toMatch(/does not apply NIST_AI_RMF/);
    expect((await owner({ method: 'GET', url: soaUrl(project, `?framework=${'X'.repeat(41)}`) })).statusCode).toBe(422);
  });

  it('lists every leaf requirement of another framework', async () => {
    const nist = (await owner({ method: 'POST', url: '/api/projects', payload: { name: 'SoA NIST', project_type: 'organization', frameworks: ['NIST_AI_RMF'] } })).json();
    const soa = await statement(nist.id, '?framework=NIST_AI_RMF');
    expect(soa.items).toHaveLength(72);
    expect(soa.items[0]).toMatchObject({ code: 'GOVERN 1.1', section: ['Govern', expect.any(String)], included: true } satisfies Partial<SoaItem>);
  });

  it('a changed built-in template reaches an existing database: its questionnaire and conditions are loaded and the projects applying it decided again', async () => {
    // The database as an earlier version left it: no questionnaire, no condition on A.6.2.3, which this project therefore applies.
    const [iso] = await t.db.update(frameworks).set({ contentHash: 'an earlier version', questionnaire: [] }).where(and(isNull(frameworks.organizationId), eq(frameworks.code, 'ISO_IEC_42001'))).returning({ id: frameworks.id });
    await t.db.update(frameworkRequirements).set({ appliesWhen: null }).where(and(eq(frameworkRequirements.frameworkId, iso!.id), eq(frameworkRequirements.code, 'A.6.2.3')));
    // Changes made behind the API reach the read cache through the database's notification: wait for it.
    await t.app.readCache.sync();
    const a623 = item(await statement(), 'A.6.2.3');
    await t.db.update(projectRequirements).set({ applicable: true, applicabilityReason: null }).where(inArray(projectRequirements.id, [a623.requirement_id]));
    await t.app.readCache.sync();
    expect(item(await statement(), 'A.6.2.3')).toMatchObject({ included: true, decided_by: 'default' });

    expect((await syncBuiltInFrameworks(t.db)).loaded).toEqual(['ISO_IEC_42001']);
    await t.app.readCache.sync();
    const [loaded] = await t.db.select({ questionnaire: frameworks.questionnaire }).from(frameworks).where(eq(frameworks.id, iso!.id));
    expect((loaded!.questionnaire as { id: string }[]).map((q) => q.id)).toEqual(['iso_42001.develops', 'iso_42001.uses', 'iso_42001.provides', 'iso_42001.third_parties']);
    expect(item(await statement(), 'A.6.2.3')).toMatchObject({ included: false, decided_by: 'engine', justification: expect.stringMatching(/^Applies when /) });
    const projectLog = (await owner({ method: 'GET', url: `/api/projects/${project}/logs/${project}?size=5` })).json();
    expect(projectLog.items[0]).toMatchObject({ action: 'applicability_changed', actor: null, after: { cause: 'framework_updated: ISO_IEC_42001' } });
    // Nothing changed since: a restart loads nothing and decides nothing.
    expect((await syncBuiltInFrameworks(t.db)).loaded).toEqual([]);
  });

  it('is a section of the project PDF when the project applies ISO/IEC 42001, and left out when it does not', async () => {
    const response = await owner({ method: 'GET', url: `/api/projects/${project}/export` });
    expect(response.statusCode).toBe(200);
    const text = squeezed((await pdfText(response.rawPayload)).text);
    for (const expected of ['Statement of applicability', 'ISO/IEC 42001', 'A.10.4', 'Excluded', 'We fine-tune a vendor model next quarter', 'Decided by a person']) expect(text).toContain(squeezed(expected));

    const without = (await owner({ method: 'POST', url: '/api/projects', payload: { name: 'SoA without ISO', project_type: 'organization', frameworks: ['NIST_AI_RMF'] } })).json();
    const other = await owner({ method: 'GET', url: `/api/projects/${without.id}/export` });
    expect(other.statusCode).toBe(200);
    const otherText = squeezed((await pdfText(other.rawPayload)).text);
    expect(otherText).toContain(squeezed('GOVERN 1.1'));
    expect(otherText).not.toContain(squeezed('Statement of applicability'));
  });
});
