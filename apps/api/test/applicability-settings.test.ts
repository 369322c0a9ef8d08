import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, projects, users } from '../src/db/schema';
import { AUTHORITIES_ONLY_REASON } from '../src/modules/frameworks/framework-loader';
import { build, type TestApp } from './helper';

type Change = {
  requirements_out: { id: string; framework_code: string; code: string; reason: string }[];
  requirements_in: { id: string; code: string }[];
  controls_out: { control_code: string; status_before: string }[];
  controls_restored: { control_code: string; status: string }[];
  controls_kept: { control_code: string; status: string; why: string }[];
};
type Control = { id: string; control_code: string; status: string; notes: string; out_of_scope_justification: string | null };

let t: TestApp;
let project: string;
const ids: Record<string, string> = {};
const as = (who: string) => t.login(`${who}@demo.local`);
const url = (suffix = '') => `/api/projects/${project}/eu_ai_act_settings${suffix}`;

/** A CV-screening tool an employer in the EU uses to sort applications: high-risk (Annex III 4(a)), deployer. */
const HIRING = {
  product_category: 'ai_system',
  role: ['deployer'],
  use_case: ['annex_iii_4a'],
  establishment: ['eu', 'employer'],
  project_requirements: ['none'],
  critical_issues: ['none'],
  supply_terms: ['none'],
};

beforeAll(async () => {
  t = await build();
  for (const who of ['admin', 'editor', 'reviewer', 'auditor']) ids[who] = (await t.db.select().from(users).where(eq(users.email, `${who}@demo.local`)))[0]!.id;
  const admin = await as('admin');
  const created = await admin({ method: 'POST', url: '/api/projects', payload: { name: 'CV screening assistant', project_type: 'ai_application', frameworks: ['EU_AI_ACT'] } });
  expect(created.statusCode).toBe(201);
  project = created.json().id;
  for (const role of ['editor', 'reviewer', 'auditor']) {
    expect((await admin({ method: 'POST', url: `/api/users/${ids[role]}/roles?role=${role}&project_id=${project}` })).statusCode).toBeLessThan(300);
  }
});
afterAll(() => t.close());

const control = async (code: string) => (await (await as('admin'))({ method: 'GET', url: `/api/projects/${project}/controls/${encodeURIComponent(code)}` })).json() as Control & { status_history: { to: string }[] };
type EuRequirement = { id: string; code: string; applicable: boolean; applicability_reason: string | null; status: string };
/** Provisions the amendment deleted never apply, whatever the answers (Art. 10(5), issue 30 item 13). */
const DELETED_REASON = /^Deleted by Regulation \(EU\) 2026\/1744/;
const allEuRequirements = async () =>
  (await (await as('reviewer'))({ method: 'GET', url: `/api/projects/${project}/requirements?framework=EU_AI_ACT&size=250` })).json().items as EuRequirement[];
/** The project's EU AI Act requirements the answers decide (those binding public authorities only, and deleted ones, never apply). */
const euRequirements = async () =>
  (await allEuRequirements()).filter((r) => r.applicability_reason !== AUTHORITIES_ONLY_REASON && !DELETED_REASON.test(r.applicability_reason ?? ''));
const entries = async (action: string) => t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, project), eq(activityLogs.action, action)));

describe('EU AI Act settings', () => {
  let approved: string;
  let worked: string;
  let byHand: string;

  it('starts unanswered: every field with its options, an incomplete classification, every requirement applicable', async () => {
    const answer = await (await as('reviewer'))({ method: 'GET', url: url() });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(Object.values(body.settings).every((v) => v === null)).toBe(true);
    expect(body.fields.map((f: { key: string }) => f.key)).toEqual(['product_category', 'role', 'use_case', 'establishment', 'model_property', 'project_requirements', 'critical_issues', 'supply_terms']);
    expect(body.classification.status).toBe('incomplete');
    expect(body).toMatchObject({ updated_at: null, updated_by: null, dates_source: expect.stringContaining('2026/1744') });
    expect((await euRequirements()).every((r) => r.applicable && r.applicability_reason === null)).toBe(true);
    const deleted = (await allEuRequirements()).filter((r) => DELETED_REASON.test(r.applicability_reason ?? ''));
    expect(deleted.map((r) => [r.code, r.applicable, r.applicability_reason])).toEqual([['Art. 10(5)', false, 'Deleted by Regulation (EU) 2026/1744, see Art. 4a']]);
  });

  it('a dry run answers what would move and writes nothing', async () => {
    const admin = await as('admin');
    const dry = await admin({ method: 'POST', url: url('?dry_run=true'), payload: HIRING });
    expect(dry.statusCode).toBe(200);
    const body = dry.json() as { saved: boolean; change: Change; settings: Record<string, unknown>; classification: { categories: string[]; roles: string[] } };
    expect(body.saved).toBe(false);
    expect(body.settings.role).toEqual(['deployer']);
    expect(body.classification).toMatchObject({ categories: ['high_risk'], roles: ['deployer'] });
    expect(body.change.requirements_out.length).toBeGreaterThan(20);
    expect(body.change.controls_out.length).toBeGreaterThan(2);
    // Three controls only provider-side requirements serve: one to approve, one to work on, one a person sets out of scope.
    const codes = body.change.controls_out.map((c) => c.control_code);
    [approved, worked, byHand] = [codes[0]!, codes[1]!, codes[2]!];
    expect((await admin({ method: 'GET', url: url() })).json().updated_at).toBeNull();
    expect((await euRequirements()).every((r) => r.applicable)).toBe(true);
    expect(await entries('applicability_changed')).toHaveLength(0);
    expect(await entries('eu_ai_act_settings_updated')).toHaveLength(0);
  });

  it('saving the hiring tool moves provider-only requirements out with reasons, and the controls only they serve; approved work is kept', async () => {
    const editor = await as('editor');
    const reviewer = await as('reviewer');
    // Work on one control; approve another through a review; set a third out of scope by hand.
    expect((await editor({ method: 'PATCH', url: `/api/projects/${project}/controls/${encodeURIComponent(worked)}`, payload: { status: 'in_progress', notes: 'Drafted the quality manual outline.' } })).statusCode).toBe(200);
    const target = await control(approved);
    expect((await editor({ method: 'POST', url: `/api/projects/${project}/reviews/control/${target.id}`, payload: { reviewers: [ids.reviewer] } })).statusCode).toBe(201);
    expect((await reviewer({ method: 'PATCH', url: `/api/projects/${project}/reviews/control/${target.id}/decision`, payload: { decision: 'approved' } })).statusCode).toBe(200);
    expect((await editor({ method: 'PATCH', url: `/api/projects/${project}/controls/${encodeURIComponent(byHand)}`, payload: { status: 'out_of_scope', justification: 'Covered by the group quality system.' } })).statusCode).toBe(200);

    const saved = await editor({ method: 'POST', url: url(), payload: HIRING });
    expect(saved.statusCode).toBe(200);
    const body = saved.json() as { saved: boolean; change: Change; updated_by: { id: string } };
    expect(body).toMatchObject({ saved: true, updated_by: { id: ids.editor } });
    // The change counts the rows the requirements list shows: Art. 16's points, not the section heading above them.
    const art16 = body.change.requirements_out.find((r) => r.code === 'Art. 16(a)');
    expect(body.change.requirements_out.map((r) => r.code)).not.toContain('Article 16');
    expect(art16?.reason).toBe("Applies when the EU AI Act role is Provider; this project's answer: Deployer");
    expect(body.change.requirements_out.map((r) => r.code)).not.toContain('Art. 26(1)');
    expect(body.change.controls_out).toContainEqual({ control_code: worked, title: expect.any(String), status_before: 'in_progress' });
    expect(body.change.controls_out.map((c) => c.control_code)).not.toContain(byHand);
    expect(body.change.controls_kept).toContainEqual({ control_code: approved, title: expect.any(String), status: 'approved', why: expect.stringContaining('approved and locked') });

    // The lists say why.
    const requirements = await euRequirements();
    const notApplicable = requirements.filter((r) => !r.applicable);
    expect(notApplicable.length).toBeGreaterThan(10);
    expect(notApplicable.every((r) => r.status === 'out_of_scope' && r.applicability_reason?.startsWith('Applies when'))).toBe(true);
    expect(requirements.find((r) => r.code === 'Art. 26(1)')).toMatchObject({ applicable: true, applicability_reason: null });
    const out = (await (await as('reviewer'))({ method: 'GET', url: `/api/projects/${project}/controls?name=${encodeURIComponent(worked)}` })).json().items[0] as Control;
    expect(out).toMatchObject({ status: 'out_of_scope', out_of_scope_justification: expect.stringMatching(/^Not applicable: every requirement it serves is out of scope \(EU_AI_ACT .+: Applies when/) });
    expect((await control(worked)).status_history[0]).toMatchObject({ to: 'out_of_scope' });
    expect((await control(approved)).status).toBe('approved');
    expect((await control(byHand)).out_of_scope_justification).toBe('Covered by the group quality system.');

    // One entry for the change, listing what moved, and one for the settings.
    const logged = await entries('applicability_changed');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorId: ids.editor, objectType: 'project', objectId: project });
    const after = logged[0]!.after as { cause: string; controls_out: { control_code: string }[]; requirements_out: { code: string; reason: string }[]; controls_kept: { control_code: string }[] };
    expect(after.cause).toBe('eu_ai_act_settings');
    expect(after.controls_out.map((c) => c.control_code)).toContain(worked);
    expect(after.controls_kept.map((c) => c.control_code)).toContain(approved);
    expect(after.requirements_out).toContainEqual({ framework_code: 'EU_AI_ACT', code: 'Art. 16(a)', reason: art16!.reason });
    const settingsEntries = await entries('eu_ai_act_settings_updated');
    expect(settingsEntries).toHaveLength(1);
    expect(settingsEntries[0]!.after).toMatchObject({ role: ['deployer'], classification: 'High-risk' });
  });

  it('saving the same settings again moves nothing and logs nothing', async () => {
    const again = await (await as('editor'))({ method: 'POST', url: url(), payload: HIRING });
    expect(again.json().change).toMatchObject({ requirements_out: [], requirements_in: [], controls_out: [], controls_restored: [] });
    expect(await entries('applicability_changed')).toHaveLength(1);
    expect(await entries('eu_ai_act_settings_updated')).toHaveLength(1);
  });

  it('clearing the settings brings the work back as it was; what a person set out of scope stays', async () => {
    const cleared = await (await as('editor'))({ method: 'POST', url: url(), payload: {} });
    expect(cleared.statusCode).toBe(200);
    const change = cleared.json().change as Change;
    expect(change.requirements_in.length).toBeGreaterThan(20);
    expect(change.controls_restored).toContainEqual({ control_code: worked, title: expect.any(String), status: 'in_progress' });
    expect(change.controls_restored.map((c) => c.control_code)).not.toContain(byHand);
    const back = await control(worked);
    expect(back).toMatchObject({ status: 'in_progress', notes: 'Drafted the quality manual outline.', out_of_scope_justification: null });
    expect(back.status_history.map((h) => h.to).slice(0, 3)).toEqual(['in_progress', 'out_of_scope', 'in_progress']);
    expect(await control(byHand)).toMatchObject({ status: 'out_of_scope', out_of_scope_justification: 'Covered by the group quality system.' });
    expect((await euRequirements()).every((r) => r.applicable)).toBe(true);
    expect(await entries('applicability_changed')).toHaveLength(2);
  });

  it('a control a person takes back by hand is theirs: applicability no longer restores it', async () => {
    const editor = await as('editor');
    expect((await editor({ method: 'POST', url: url(), payload: HIRING })).json().change.controls_out.map((c: { control_code: string }) => c.control_code)).toContain(worked);
    expect((await editor({ method: 'PATCH', url: `/api/projects/${project}/controls/${encodeURIComponent(worked)}`, payload: { status: 'ready' } })).statusCode).toBe(200);
    expect((await editor({ method: 'PATCH', url: `/api/projects/${project}/controls/${encodeURIComponent(worked)}`, payload: { status: 'out_of_scope', justification: 'Parked until the vendor answers.' } })).statusCode).toBe(200);
    const cleared = (await editor({ method: 'POST', url: url(), payload: {} })).json().change as Change;
    expect(cleared.controls_restored.map((c) => c.control_code)).not.toContain(worked);
    expect(await control(worked)).toMatchObject({ status: 'out_of_scope', out_of_scope_justification: 'Parked until the vendor answers.' });
  });
});

describe('out of the Regulation', () => {
  it('a system out of the EU AI Act has none of its requirements, each with the classification’s reason', async () => {
    const research = await (await as('editor'))({ method: 'POST', url: url(), payload: { critical_issues: ['excluded_scientific_research'], supply_terms: ['own_use_only'] } });
    expect(research.statusCode).toBe(200);
    expect(research.json().classification.categories).toEqual(['out_of_scope']);
    const requirements = await euRequirements();
    expect(requirements.every((r) => !r.applicable && /scientific research.*\(Art\. 2\(6\)\)$/.test(r.applicability_reason ?? ''))).toBe(true);
    expect((await (await as('editor'))({ method: 'POST', url: url(), payload: {} })).json().change.requirements_in.length).toBeGreaterThanOrEqual(requirements.length);
  });
});

describe('concurrent changes', () => {
  it('re-evaluations of one project queue: whatever order two saves take, the project ends as its saved settings say', async () => {
    const editor = await as('editor');
    const admin = await as('admin');
    const answers = await Promise.all([editor({ method: 'POST', url: url(), payload: HIRING }), admin({ method: 'POST', url: url(), payload: {} })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const saved = (await admin({ method: 'GET', url: url() })).json().settings as Record<string, unknown>;
    const present = Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== null));
    const again = (await admin({ method: 'POST', url: url('?dry_run=true'), payload: present })).json().change as Change;
    expect(again).toMatchObject({ requirements_out: [], requirements_in: [], controls_out: [], controls_restored: [] });
  });
});

describe('bad input and isolation', () => {
  it('422 for an option not in the list, naming the field and the allowed values, and for a conflict', async () => {
    const admin = await as('admin');
    const unknown = await admin({ method: 'POST', url: url(), payload: { ...HIRING, role: ['manufacturer'] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toMatch(/role.*manufacturer.*deployer/);
    expect(unknown.json().errors[0].path).toBe('body.role');
    const conflict = await admin({ method: 'POST', url: url(), payload: { ...HIRING, product_category: 'gpai_model', use_case: ['none'] } });
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json().detail).toMatch(/role conflicts with product_category/);
    expect((await admin({ method: 'POST', url: url(), payload: { ...HIRING, colour: 'blue' } })).statusCode).toBe(422);
    const before = (await entries('eu_ai_act_settings_updated')).length;
    expect((await admin({ method: 'POST', url: url(), payload: { ...HIRING, use_case: ['annex_iii_9z'] } })).statusCode).toBe(422);
    expect(await entries('eu_ai_act_settings_updated')).toHaveLength(before);
  });

  it('readers may read but not change the settings', async () => {
    for (const who of ['reviewer', 'auditor']) {
      const caller = await as(who);
      expect((await caller({ method: 'GET', url: url() })).statusCode).toBe(200);
      expect((await caller({ method: 'POST', url: url(), payload: HIRING })).statusCode).toBe(403);
      expect((await caller({ method: 'POST', url: url('?dry_run=true'), payload: HIRING })).statusCode).toBe(403);
    }
  });

  it("another organization's project is not found, either way", async () => {
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'GET', url: url() })).statusCode).toBe(404);
    expect((await outsider({ method: 'POST', url: url(), payload: HIRING })).statusCode).toBe(404);
    const theirs = (await outsider({ method: 'POST', url: '/api/projects', payload: { name: 'Their chatbot', project_type: 'ai_application', frameworks: ['EU_AI_ACT'] } })).json().id as string;
    const admin = await as('admin');
    expect((await admin({ method: 'GET', url: `/api/projects/${theirs}/eu_ai_act_settings` })).statusCode).toBe(404);
    expect((await admin({ method: 'POST', url: `/api/projects/${theirs}/eu_ai_act_settings`, payload: HIRING })).statusCode).toBe(404);
    expect((await t.db.select().from(projects).where(eq(projects.id, theirs))).length).toBe(1);
  });
});
