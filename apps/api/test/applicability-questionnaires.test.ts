import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, users } from '../src/db/schema';
import { multipartFile, sampleTemplate } from './factories';
import { build, type TestApp } from './helper';

type Question = { id: string; answer: string[] | null; answered_by: { id: string } | null; options: { value: string }[] };
type Questionnaire = { framework_code: string; status: string; answered: number; total: number; answered_through: string | null; completed_by: { id: string } | null; questions: Question[] };
type Change = { requirements_out: { code: string; framework_code: string; reason: string }[]; requirements_in: { code: string }[] };

let t: TestApp;
let project: string;
const ids: Record<string, string> = {};
const as = (who: string) => t.login(`${who}@demo.local`);
const base = () => `/api/projects/${project}/frameworks-questionnaires`;
const answerUrl = (framework: string, question: string, query = '') => `${base()}/${framework}/answers/${encodeURIComponent(question)}${query}`;
const DEVELOPS = 'iso_42001.develops';

beforeAll(async () => {
  t = await build();
  for (const who of ['admin', 'editor', 'reviewer', 'auditor']) ids[who] = (await t.db.select().from(users).where(eq(users.email, `${who}@demo.local`)))[0]!.id;
  const admin = await as('admin');
  const created = await admin({ method: 'POST', url: '/api/projects', payload: { name: 'Model marketplace', project_type: 'ai_application', frameworks: ['EU_AI_ACT', 'ISO_IEC_42001'] } });
  expect(created.statusCode).toBe(201);
  project = created.json().id;
  for (const role of ['editor', 'reviewer', 'auditor']) {
    expect((await admin({ method: 'POST', url: `/api/users/${ids[role]}/roles?role=${role}&project_id=${project}` })).statusCode).toBeLessThan(300);
  }
});
afterAll(() => t.close());

const list = async (who = 'reviewer') => (await (await as(who))({ method: 'GET', url: base() })).json().items as Questionnaire[];
const iso = async () => (await list()).find((q) => q.framework_code === 'ISO_IEC_42001')!;
const isoRequirement = async (code: string) =>
  ((await (await as('reviewer'))({ method: 'GET', url: `/api/projects/${project}/requirements?framework=ISO_IEC_42001&name=${encodeURIComponent(code)}&size=250` })).json().items as { code: string; applicable: boolean; applicability_reason: string | null }[]).find((r) => r.code === code)!;

describe('the questionnaires of a project', () => {
  it("lists each applied framework's questionnaire; the EU AI Act's is answered through its settings", async () => {
    const items = await list();
    expect(items.map((q) => q.framework_code)).toEqual(['EU_AI_ACT', 'ISO_IEC_42001']);
    const [eu, ownIso] = items;
    expect(eu).toMatchObject({ answered_through: 'eu_ai_act_settings', status: 'not_started', answered: 0 });
    expect(eu!.questions.map((q) => q.id)).toContain('eu_ai_act.role');
    expect(ownIso).toMatchObject({ answered_through: null, status: 'not_started', answered: 0, total: 4, completed_at: null });
    expect(ownIso!.questions.find((q) => q.id === DEVELOPS)!.options.map((o) => o.value)).toEqual(['in_house', 'commissioned', 'no']);
  });

  it('a dry run says what an answer would move and saves nothing', async () => {
    const dry = await (await as('editor'))({ method: 'PUT', url: answerUrl('ISO_IEC_42001', DEVELOPS, '?dry_run=true'), payload: { answer: ['no'] } });
    expect(dry.statusCode).toBe(200);
    const body = dry.json() as { saved: boolean; change: Change; questionnaire: Questionnaire };
    expect(body.saved).toBe(false);
    expect(body.questionnaire.questions.find((q) => q.id === DEVELOPS)!.answer).toEqual(['no']);
    expect(body.change.requirements_out.map((r) => r.code)).toEqual(expect.arrayContaining(['A.6.1.2', 'A.6.2.2', 'A.7.2']));
    expect((await iso()).questions.find((q) => q.id === DEVELOPS)!.answer).toBeNull();
    expect((await isoRequirement('A.6.2.2')).applicable).toBe(true);
  });

  it('an answer re-evaluates the requirements with a reason in the questionnaire’s words, and is logged', async () => {
    const answered = await (await as('editor'))({ method: 'PUT', url: answerUrl('ISO_IEC_42001', DEVELOPS), payload: { answer: ['no'] } });
    expect(answered.statusCode).toBe(200);
    const body = answered.json() as { saved: boolean; change: Change; questionnaire: Questionnaire };
    expect(body.saved).toBe(true);
    expect(body.questionnaire).toMatchObject({ status: 'in_progress', answered: 1 });
    expect(body.questionnaire.questions.find((q) => q.id === DEVELOPS)).toMatchObject({ answer: ['no'], answered_by: { id: ids.editor } });
    const reason = 'Applies when the answer to “Does the organization design or develop AI systems or models?” is Yes, with its own staff or Yes, a contractor builds them to its specification; this project\'s answer: No';
    expect(body.change.requirements_out).toContainEqual({ id: expect.any(String), framework_code: 'ISO_IEC_42001', code: 'A.6.2.2', title: expect.any(String), reason });
    expect(await isoRequirement('A.6.2.2')).toMatchObject({ applicable: false, applicability_reason: reason });
    expect(await isoRequirement('A.9.2')).toMatchObject({ applicable: true, applicability_reason: null });
    const logged = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, project), eq(activityLogs.action, 'questionnaire_answered')));
    expect(logged.map((e) => e.after)).toEqual([{ framework_code: 'ISO_IEC_42001', question_id: DEVELOPS, answer: ['no'] }]);
    const change = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, project), eq(activityLogs.action, 'applicability_changed')));
    expect(change).toHaveLength(1);
    expect(change[0]!.after).toMatchObject({ cause: 'questionnaire:ISO_IEC_42001' });
  });

  it('refuses a framework the project does not apply, unknown questions and values, and the EU AI Act’s questions', async () => {
    const editor = await as('editor');
    expect((await editor({ method: 'PUT', url: answerUrl('NIST_AI_RMF', 'nist_ai_rmf.profile'), payload: { answer: ['full'] } })).statusCode).toBe(404);
    expect((await editor({ method: 'PUT', url: answerUrl('MFF-1', 'anything'), payload: { answer: ['yes'] } })).statusCode).toBe(404);
    expect((await editor({ method: 'PUT', url: answerUrl('ISO_IEC_42001', 'iso_42001.colour'), payload: { answer: ['yes'] } })).statusCode).toBe(404);
    const eu = await editor({ method: 'PUT', url: answerUrl('EU_AI_ACT', 'eu_ai_act.role'), payload: { answer: ['provider'] } });
    expect(eu.statusCode).toBe(409);
    expect(eu.json().detail).toMatch(/answered through the EU AI Act settings/);
    const unknown = await editor({ method: 'PUT', url: answerUrl('ISO_IEC_42001', 'iso_42001.uses'), payload: { answer: ['maybe'] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ detail: expect.stringMatching(/maybe is not an option of question iso_42001\.uses; allowed: yes, no/), errors: [{ path: 'body.answer' }] });
    const two = await editor({ method: 'PUT', url: answerUrl('ISO_IEC_42001', DEVELOPS), payload: { answer: ['in_house', 'no'] } });
    expect(two.statusCode).toBe(422);
    expect(two.json().detail).toMatch(/takes one answer/);
    expect((await editor({ method: 'PUT', url: answerUrl('ISO_IEC_42001', DEVELOPS), payload: { answer: 'no' } })).statusCode).toBe(422);
  });

  it('completes only when every question is answered; a completed questionnaire is reopened before it changes', async () => {
    const editor = await as('editor');
    const early = await editor({ method: 'POST', url: `${base()}/ISO_IEC_42001/complete` });
    expect(early.statusCode).toBe(422);
    expect(early.json().detail).toMatch(/iso_42001\.uses, iso_42001\.provides, iso_42001\.third_parties/);
    for (const [question, answer] of [['iso_42001.uses', 'yes'], ['iso_42001.provides', 'yes'], ['iso_42001.third_parties', 'no']] as const) {
      expect((await editor({ method: 'PUT', url: answerUrl('ISO_IEC_42001', question), payload: { answer: [answer] } })).statusCode).toBe(200);
    }
    const completed = await editor({ method: 'POST', url: `${base()}/ISO_IEC_42001/complete` });
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({ status: 'completed', answered: 4, total: 4, completed_by: { id: ids.editor } });
    expect((await editor({ method: 'POST', url: `${base()}/ISO_IEC_42001/complete` })).statusCode).toBe(409);
    const locked = await editor({ method: 'PUT', url: answerUrl('ISO_IEC_42001', DEVELOPS), payload: { answer: ['in_house'] } });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().detail).toMatch(/reopen it first/);
    expect((await editor({ method: 'POST', url: `${base()}/EU_AI_ACT/complete` })).statusCode).toBe(409);

    const reopened = await editor({ method: 'POST', url: `${base()}/ISO_IEC_42001/reopen` });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'in_progress', completed_at: null });
    expect((await editor({ method: 'POST', url: `${base()}/ISO_IEC_42001/reopen` })).statusCode).toBe(409);
    const cleared = await editor({ method: 'PUT', url: answerUrl('ISO_IEC_42001', DEVELOPS), payload: { answer: null } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().questionnaire.questions.find((q: Question) => q.id === DEVELOPS).answer).toBeNull();
    expect((cleared.json().change as Change).requirements_in.map((r) => r.code)).toEqual(expect.arrayContaining(['A.6.1.2', 'A.6.2.2', 'A.7.2']));
    expect((await isoRequirement('A.6.2.2')).applicable).toBe(true);
  });

  it('the EU AI Act questionnaire shows what the settings answer', async () => {
    const saved = await (await as('editor'))({
      method: 'POST',
      url: `/api/projects/${project}/eu_ai_act_settings`,
      payload: { product_category: 'ai_system', role: ['deployer'], use_case: ['annex_iii_4a'], establishment: ['eu', 'employer'], project_requirements: ['none'], critical_issues: ['none'], supply_terms: ['none'] },
    });
    expect(saved.statusCode).toBe(200);
    const eu = (await list()).find((q) => q.framework_code === 'EU_AI_ACT')!;
    expect(eu.status).toBe('completed');
    expect(eu.questions.find((q) => q.id === 'eu_ai_act.role')).toMatchObject({ answer: ['deployer'], answered_by: { id: ids.editor } });
    expect(eu.questions.find((q) => q.id === 'eu_ai_act.annex_iii_use_case')!.answer).toEqual(['4a']);
  });

  // Issue 29, item 14: the answers are restated as what they mean, never beyond it.
  it('restates "Established in the EU" as the provider\'s establishment only when the organization is the provider, and never shows "none" beside a chosen option', async () => {
    const editor = await as('editor');
    const settings = `/api/projects/${project}/eu_ai_act_settings`;
    const euQuestion = async (id: string) => (await list()).find((q) => q.framework_code === 'EU_AI_ACT')!.questions.find((q) => q.id === id)!;
    // The deployer above: where the provider is established is not something its answers say.
    expect((await euQuestion('eu_ai_act.establishment')).answer).toBeNull();
    const provider = { product_category: 'ai_system', role: ['provider'], use_case: ['annex_iii_4a'], establishment: ['eu', 'employer'], project_requirements: ['interacts_with_people'], critical_issues: ['none'], supply_terms: ['none'] };
    expect((await editor({ method: 'POST', url: settings, payload: provider })).statusCode).toBe(200);
    expect((await euQuestion('eu_ai_act.establishment')).answer).toEqual(['eu']);
    for (const question of (await list()).find((q) => q.framework_code === 'EU_AI_ACT')!.questions) {
      if (question.answer?.includes('none')) expect(question.answer, question.id).toEqual(['none']);
    }
    // Saved and validated the same way: "none" and a chosen option together are refused, naming the field.
    const both = await editor({ method: 'POST', url: settings, payload: { ...provider, project_requirements: ['none', 'interacts_with_people'] } });
    expect(both.statusCode).toBe(422);
    expect(both.json().detail).toContain('project_requirements');
  });

  it('refuses "none" beside another option in a questionnaire answer, naming the field', async () => {
    const demo = (await t.db.execute(`select id from organizations where name = 'Demo Organization'`)) as unknown as { rows: { id: string }[] };
    const code = `NONEQ_${Date.now().toString(36).toUpperCase()}`;
    const template = sampleTemplate(code, {
      questionnaire: [{ id: 'policy.uses', text: 'Which of these does the system use?', answer_type: 'multi', options: [{ value: 'faces', label: 'Faces' }, { value: 'voices', label: 'Voices' }, { value: 'none', label: 'None of these' }] }],
    });
    const admin = await as('admin');
    const uploaded = await admin({ method: 'POST', url: `/api/organizations/${demo.rows[0]!.id}/templates`, ...multipartFile(JSON.stringify(template)) });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const other = await admin({ method: 'POST', url: '/api/projects', payload: { name: 'Camera tool', project_type: 'ai_application', frameworks: [code] } });
    expect(other.statusCode, other.body).toBe(201);
    const answerOf = (answer: string[]) => admin({ method: 'PUT', url: `/api/projects/${other.json().id}/frameworks-questionnaires/${code}/answers/policy.uses`, payload: { answer } });
    const both = await answerOf(['faces', 'none']);
    expect(both.statusCode, both.body).toBe(422);
    expect(both.json().errors[0]).toMatchObject({ path: 'body.answer', message: expect.stringContaining('none') });
    expect((await answerOf(['none'])).statusCode).toBe(200);
    expect((await answerOf(['faces', 'voices'])).statusCode).toBe(200);
  });
});

describe('who may answer', () => {
  it('readers read; reviewers cannot answer, auditors cannot complete', async () => {
    expect((await list('auditor')).length).toBe(2);
    expect((await (await as('reviewer'))({ method: 'PUT', url: answerUrl('ISO_IEC_42001', DEVELOPS), payload: { answer: ['no'] } })).statusCode).toBe(403);
    expect((await (await as('auditor'))({ method: 'POST', url: `${base()}/ISO_IEC_42001/complete` })).statusCode).toBe(403);
  });

  it("another organization's project is not found", async () => {
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'GET', url: base() })).statusCode).toBe(404);
    expect((await outsider({ method: 'PUT', url: answerUrl('ISO_IEC_42001', DEVELOPS), payload: { answer: ['no'] } })).statusCode).toBe(404);
    expect((await outsider({ method: 'POST', url: `${base()}/ISO_IEC_42001/reopen` })).statusCode).toBe(404);
  });
});
