import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RISK_MATRIX, type RiskLevel } from '@aegis/contracts';
import { projects } from '../src/db/schema';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';
import { pdfText, squeezed } from './pdf-text';

let t: TestApp;
let demo: string;
let other: string;
let project: string;
beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
  other = await organizationId(t, 'Other Organization');
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
});
afterAll(() => t.close());

const settingsUrl = (organization: string) => `/api/organizations/${organization}/risk-settings`;
const url = (suffix = '') => `/api/projects/${project}/risks${suffix}`;

/** The default matrix with the whole impact-5 column critical. */
const strict = DEFAULT_RISK_MATRIX.map((row) => row.map((level, i): RiskLevel => (i === 4 ? 'critical' : level)));

describe('organization risk settings', () => {
  it('are the defaults until an admin sets them, readable by every member, 404 for another organization', async () => {
    const member = await t.login('reviewer@demo.local');
    expect((await member({ method: 'GET', url: settingsUrl(demo) })).json()).toEqual({ matrix: DEFAULT_RISK_MATRIX, appetite: 'medium', is_default: true, updated_by: null, updated_at: null });
    expect((await member({ method: 'GET', url: settingsUrl(other) })).statusCode).toBe(404);
  });

  it('re-level every risk of the organization when the matrix changes, in one logged change', async () => {
    const editor = await t.login('editor@demo.local');
    const risk = (await editor({ method: 'POST', url: url(), payload: { name: 'Rare but severe', likelihood: 1, impact: 5 } })).json();
    expect(risk.inherent_level).toBe('medium');
    const admin = await t.login('admin@demo.local');
    const saved = await admin({ method: 'PUT', url: settingsUrl(demo), payload: { matrix: strict, appetite: 'high' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ matrix: strict, appetite: 'high', is_default: false, updated_by: expect.objectContaining({ name: 'Alice Admin' }) });
    expect((await editor({ method: 'GET', url: url(`/${risk.id}`) })).json()).toMatchObject({ inherent_level: 'critical', residual_level: 'critical', above_appetite: true });
    const created = (await editor({ method: 'POST', url: url(), payload: { name: 'Another rare but severe', likelihood: 1, impact: 5 } })).json();
    expect(created.inherent_level).toBe('critical');
    const library = (await editor({ method: 'GET', url: '/api/risk-library' })).json().items;
    expect(library.find((r: { id: string }) => r.id === 'privacy-leakage')).toMatchObject({ likelihood: 2, impact: 5, level: 'critical' });
    // Back to the defaults for the other tests.
    expect((await admin({ method: 'PUT', url: settingsUrl(demo), payload: { matrix: DEFAULT_RISK_MATRIX, appetite: 'medium' } })).statusCode).toBe(200);
    expect((await editor({ method: 'GET', url: url(`/${risk.id}`) })).json().inherent_level).toBe('medium');
  });

  it('refuse a matrix that ranks a worse risk lower (422 naming the cell), a bad shape or level, and callers without config:update', async () => {
    const admin = await t.login('admin@demo.local');
    const broken = DEFAULT_RISK_MATRIX.map((row) => [...row]);
    broken[4]![4] = 'low';
    const response = await admin({ method: 'PUT', url: settingsUrl(demo), payload: { matrix: broken, appetite: 'medium' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ path: 'body.matrix.4.4', message: 'likelihood 5, impact 5 is low, lower than critical at impact 4' }]);
    for (const payload of [{ matrix: DEFAULT_RISK_MATRIX.slice(0, 4), appetite: 'medium' }, { matrix: DEFAULT_RISK_MATRIX, appetite: 'extreme' }, { matrix: [[...DEFAULT_RISK_MATRIX[0]!.slice(0, 4), 'severe'], ...DEFAULT_RISK_MATRIX.slice(1)], appetite: 'low' }]) {
      expect((await admin({ method: 'PUT', url: settingsUrl(demo), payload })).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
    }
    for (const email of ['owner@demo.local', 'editor@demo.local']) {
      expect((await (await t.login(email))({ method: 'PUT', url: settingsUrl(demo), payload: { matrix: DEFAULT_RISK_MATRIX, appetite: 'low' } })).statusCode, email).toBe(403);
    }
    expect((await (await t.login('outsider@other.local'))({ method: 'PUT', url: settingsUrl(demo), payload: { matrix: DEFAULT_RISK_MATRIX, appetite: 'low' } })).statusCode).toBe(404);
  });
});

describe('the heat map, the CSV and the report', () => {
  it('counts the risks by level and cell, inherent and residual, leaving out-of-scope risks apart', async () => {
    const editor = await t.login('editor@demo.local');
    const before = (await editor({ method: 'GET', url: url('/heat-map') })).json();
    const risk = (await editor({ method: 'POST', url: url(), payload: { name: 'Heat map risk', likelihood: 4, impact: 5 } })).json();
    const out = (await editor({ method: 'POST', url: url(), payload: { name: 'Out of scope risk', likelihood: 4, impact: 5 } })).json();
    await editor({ method: 'PATCH', url: url(`/${out.id}`), payload: { status: 'out_of_scope', justification: 'Not used in this product' } });
    await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'mitigate', residual_likelihood: 2, residual_impact: 2 } });
    const map = (await (await t.login('auditor@demo.local'))({ method: 'GET', url: url('/heat-map') })).json();
    expect(map).toMatchObject({ appetite: 'medium', matrix: DEFAULT_RISK_MATRIX });
    expect(map.total).toBe(before.total + 1);
    expect(map.out_of_scope).toBe(before.out_of_scope + 1);
    expect(map.inherent[3][4]).toBe(before.inherent[3][4] + 1);
    expect(map.residual[1][1]).toBe(before.residual[1][1] + 1);
    expect(map.by_inherent_level.critical).toBe(before.by_inherent_level.critical + 1);
    expect(map.by_residual_level.low).toBe(before.by_residual_level.low + 1);
    const cells = (grid: number[][]) => grid.flat().reduce((a, b) => a + b, 0);
    expect(cells(map.inherent)).toBe(map.total);
    expect(cells(map.residual)).toBe(map.total);
    expect(Object.values(map.by_residual_level as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(map.total);
    const listed = (await editor({ method: 'GET', url: url('?above_appetite=true&status=ready,in_progress,in_review,approved&size=1') })).json().total;
    expect(map.above_appetite).toBe(listed);
    expect((await (await t.login('outsider@other.local'))({ method: 'GET', url: url('/heat-map') })).statusCode).toBe(404);
  });

  it('exports the register as formula-safe CSV named after the project', async () => {
    const editor = await t.login('editor@demo.local');
    const risk = (await editor({ method: 'POST', url: url(), payload: { name: '=HYPERLINK("http://evil")', likelihood: 2, impact: 2, affected: ['Applicants', 'Staff, "back office"'], monetary_impact: 1000 } })).json();
    const controls = (await editor({ method: 'GET', url: `/api/v1/projects/${project}/controls?name=MFF-1.DAT.06` })).json().items;
    await editor({ method: 'PUT', url: url(`/${risk.id}/controls/${controls[0].id}`) });
    await editor({ method: 'PUT', url: url(`/${risk.id}/treatment`), payload: { option: 'accept', acceptance_rationale: '+1 for the budget', acceptance_review_date: '2099-01-01' } });
    const response = await (await t.login('reviewer@demo.local'))({ method: 'GET', url: `/api/projects/${project}/risks.csv` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('Credit Scoring Model - risk register.csv');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'Reference,Name,Category,Status,Likelihood,Impact,Inherent score,Inherent level,Treatment,Plan,Residual likelihood,Residual impact,Residual score,Residual level,Above appetite,Acceptance,Accepted by,Acceptance review date,Acceptance rationale,Monetary impact,Currency,Expected annual loss,Affected,Controls,Open strategies,Assignees,Needs attention,Updated at',
    );
    const row = lines.find((l) => l.startsWith(`${risk.reference},`))!;
    expect(row).toContain(`,"'=HYPERLINK(""http://evil"")",`);
    // Accepted without a residual assessment: no residual scores written as if assessed (issue 29, item 19).
    expect(row).toContain(",Accept,,,,,Not assessed (inherent Low),No,In force,Eddie Editor,2099-01-01,'+1 for the budget,1000.00,EUR,200.00,");
    expect(row).toContain('"Applicants; Staff, ""back office"""');
    expect(row).toContain(',MFF-1.DAT.06,0 of 0,');
    expect((await (await t.login('outsider@other.local'))({ method: 'GET', url: `/api/projects/${project}/risks.csv` })).statusCode).toBe(404);
  });

  it('puts the register in the project PDF, and leaves it out of a project without risks', async () => {
    // Small projects of their own (no framework): the demo project's full report takes long to draw.
    const admin = await t.login('admin@demo.local');
    const reported = (await admin({ method: 'POST', url: '/api/projects', payload: { name: 'Risk report', project_type: 'ai_application' } })).json();
    const severe = (await admin({ method: 'POST', url: `/api/projects/${reported.id}/risks`, payload: { name: 'Leaked prompts with customer data', likelihood: 4, impact: 5, monetary_impact: 120_000 } })).json();
    await admin({ method: 'POST', url: `/api/projects/${reported.id}/risks`, payload: { name: 'Minor wording errors', likelihood: 2, impact: 1 } });
    await admin({ method: 'PUT', url: `/api/projects/${reported.id}/risks/${severe.id}/treatment`, payload: { option: 'mitigate', plan: 'Redact before logging', residual_likelihood: 2, residual_impact: 5 } });
    const response = await admin({ method: 'GET', url: `/api/projects/${reported.id}/export` });
    expect(response.statusCode).toBe(200);
    const pdf = squeezed((await pdfText(response.rawPayload)).text);
    expect(pdf).toContain(squeezed('2 risks are registered'));
    expect(pdf).toContain(squeezed(`${severe.reference} Leaked prompts with customer data`));
    expect(pdf).toContain(squeezed('Mitigate · Redact before logging'));
    expect(pdf).toContain(squeezed("1 is above the organization's risk appetite (medium)"));
    expect(pdf.indexOf(squeezed('Leaked prompts'))).toBeLessThan(pdf.indexOf(squeezed('Minor wording errors')));
    const empty = (await admin({ method: 'POST', url: '/api/projects', payload: { name: 'No risks yet', project_type: 'ai_application' } })).json();
    const emptyPdf = squeezed((await pdfText((await admin({ method: 'GET', url: `/api/projects/${empty.id}/export` })).rawPayload)).text);
    expect(emptyPdf).not.toContain(squeezed('are registered, scored on'));
  }, 120_000);
});

describe('the risk library', () => {
  it('lists common AI risks with their category, scores, level, treatment and MFF-1 controls', async () => {
    const items = (await (await t.login('auditor@demo.local'))({ method: 'GET', url: '/api/risk-library' })).json().items;
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(items.find((r: { id: string }) => r.id === 'prompt-injection')).toMatchObject({ category: 'secure_resilient', likelihood: 4, impact: 4, level: 'high', suggested_treatment: { option: 'mitigate' }, suggested_controls: expect.arrayContaining(['MFF-1.SEC.02']) });
    expect((await t.app.inject({ method: 'GET', url: '/api/risk-library' })).statusCode).toBe(401);
  });
});
