import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIREMENT_STATUSES, WORK_ITEM_STATUSES } from '@aegis/contracts';
import { frameworks, projects, users } from '../src/db/schema';
import { multipartFile, organizationId, sampleTemplate } from './factories';
import { build, type TestApp } from './helper';

// One number, one definition (issue 17, item 13): every count the project dashboard, the frameworks'
// progress and My work show equals the total of the list request it stands for, on the seeded project.

let t: TestApp;
let project: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await build();
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  for (const who of ['owner', 'editor', 'reviewer', 'auditor']) ids[who] = (await t.db.select().from(users).where(eq(users.email, `${who}@demo.local`)))[0]!.id;
});
afterAll(() => t.close());

const as = (who: string) => t.login(`${who}@demo.local`);

/** The `total` of a list request (one item asked: only the total matters). */
async function totalOf(who: string, url: string): Promise<number> {
  const response = await (await as(who))({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}size=1` });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json().total as number;
}

type Dashboard = {
  requirements: { total: number; by_status: Record<string, number> };
  controls: { total: number; by_status: Record<string, number> };
  to_review: number;
};
const dashboardOf = async (who: string) => (await (await as(who))({ method: 'GET', url: `/api/projects/${project}/dashboard` })).json() as Dashboard;

/** Every dashboard number against the total of its list, as `who` sees them. */
async function expectDashboardMatchesLists(who: string) {
  const dashboard = await dashboardOf(who);
  const base = `/api/projects/${project}`;
  expect(dashboard.requirements.total).toBe(await totalOf(who, `${base}/requirements`));
  for (const status of REQUIREMENT_STATUSES) expect(dashboard.requirements.by_status[status], `requirements ${status}`).toBe(await totalOf(who, `${base}/requirements?status=${status}`));
  expect(dashboard.controls.total).toBe(await totalOf(who, `${base}/controls`));
  for (const status of WORK_ITEM_STATUSES) expect(dashboard.controls.by_status[status], `controls ${status}`).toBe(await totalOf(who, `${base}/controls?status=${status}`));
  expect(dashboard.to_review).toBe(await totalOf(who, `${base}/controls?is_assigned_to_me_for_review=true`));
  return dashboard;
}

/** "to review" for the project in My work, and the reviews awaiting the user there (the Reviews page and card). */
async function toReviewElsewhere(who: string) {
  const work = (await (await as(who))({ method: 'GET', url: '/api/users/me/work' })).json().items as { project_id: string; controls_to_review: number }[];
  const reviews = (await (await as(who))({ method: 'GET', url: '/api/users/me/reviews?size=100' })).json() as { total: number; items: { project_id: string }[] };
  return {
    myWork: work.find((item) => item.project_id === project)?.controls_to_review ?? 0,
    myWorkAll: work.reduce((sum, item) => sum + item.controls_to_review, 0),
    reviews: reviews.items.filter((review) => review.project_id === project).length,
    reviewsAll: reviews.total,
  };
}

describe('the project dashboard', () => {
  it('counts requirements, controls by status and "to review" exactly as their lists do', async () => {
    const dashboard = await expectDashboardMatchesLists('owner');
    expect(dashboard.requirements.total).toBeGreaterThan(0);
    expect(dashboard.controls.total).toBeGreaterThan(0);
  });

  it('keeps agreeing after controls change status and go out of scope', async () => {
    const editor = await as('editor');
    expect((await editor({ method: 'PATCH', url: `/api/projects/${project}/controls/MFF-1.GOV.13`, payload: { status: 'out_of_scope', justification: 'Handled by the group' } })).statusCode).toBe(200);
    expect((await editor({ method: 'PATCH', url: `/api/projects/${project}/controls/MFF-1.GOV.14`, payload: { status: 'in_progress' } })).statusCode).toBe(200);
    const dashboard = await expectDashboardMatchesLists('editor');
    expect(dashboard.controls.by_status.out_of_scope).toBeGreaterThan(0);
  });
});

describe('"to review": one definition everywhere', () => {
  it('is a review awaiting my decision: being named a control\'s reviewer is not enough', async () => {
    const before = await dashboardOf('reviewer');
    const owner = await as('owner');
    // Named as the control's reviewer, with no review requested: nothing awaits a decision.
    const named = await owner({ method: 'PATCH', url: `/api/projects/${project}/controls/MFF-1.GOV.15/assignees`, payload: { assignees: [ids.editor], reviewers: [ids.reviewer] } });
    expect(named.statusCode, named.body).toBe(200);
    expect((await dashboardOf('reviewer')).to_review).toBe(before.to_review);

    const control = (await owner({ method: 'GET', url: `/api/projects/${project}/controls/MFF-1.GOV.15` })).json() as { id: string };
    const requested = await (await as('editor'))({ method: 'POST', url: `/api/projects/${project}/reviews/control/${control.id}`, payload: { reviewers: [ids.reviewer] } });
    expect(requested.statusCode, requested.body).toBe(201);
    const after = await expectDashboardMatchesLists('reviewer');
    expect(after.to_review).toBe(before.to_review + 1);
    const elsewhere = await toReviewElsewhere('reviewer');
    expect(elsewhere.myWork).toBe(after.to_review);
    expect(elsewhere.reviews).toBe(after.to_review);
    expect(elsewhere.myWorkAll).toBe(elsewhere.reviewsAll);

    // Decided: it leaves every count at once.
    await (await as('reviewer'))({ method: 'PATCH', url: `/api/projects/${project}/reviews/control/${control.id}/decision`, payload: { decision: 'rejected', comment: 'Not yet' } });
    const decided = await expectDashboardMatchesLists('reviewer');
    expect(decided.to_review).toBe(before.to_review);
    expect((await toReviewElsewhere('reviewer')).myWork).toBe(before.to_review);
  });
});

describe("the frameworks' progress", () => {
  it('counts each framework\'s requirements and controls as the lists filtered by that framework do', async () => {
    const frameworks = (await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/frameworks?size=100` })).json().items as {
      framework_code: string;
      requirement_count: number;
      control_count: number;
      controls_by_status: Record<string, number>;
    }[];
    expect(frameworks.length).toBeGreaterThan(0);
    for (const framework of frameworks) {
      const code = framework.framework_code;
      expect(framework.requirement_count, `${code} requirements`).toBe(await totalOf('owner', `/api/projects/${project}/requirements?framework=${code}`));
      expect(framework.control_count, `${code} controls`).toBe(await totalOf('owner', `/api/projects/${project}/controls?framework=${code}`));
      for (const status of WORK_ITEM_STATUSES) {
        expect(framework.controls_by_status[status], `${code} ${status}`).toBe(await totalOf('owner', `/api/projects/${project}/controls?framework=${code}&status=${status}`));
      }
    }
  });

  it('counts what the project holds, not the template: a template grown after it was applied does not inflate the count', async () => {
    const demo = await organizationId(t, 'Demo Organization');
    const admin = await t.login('admin@demo.local');
    const template = sampleTemplate();
    const upload = (content: object) => admin({ method: 'POST', url: `/api/organizations/${demo}/templates`, ...multipartFile(JSON.stringify(content)) });
    expect((await upload(template)).statusCode).toBe(201);
    const owner = await as('owner');
    const created = await owner({ method: 'POST', url: '/api/projects', payload: { name: `Counted ${template.framework_code}`, project_type: 'ai_application', frameworks: [template.framework_code] } });
    expect(created.statusCode, created.body).toBe(201);
    const projectId = created.json().id as string;
    // The catalogue moves on after the project applied it (a new release of a built-in framework adds
    // requirements through the start-up sync): the framework's own count grows, the project's rows do not.
    await t.db.update(frameworks).set({ requirementCount: sql`requirement_count + 1`, controlCount: sql`control_count + 1` }).where(eq(frameworks.code, template.framework_code));
    const framework = ((await owner({ method: 'GET', url: `/api/projects/${projectId}/frameworks?size=100` })).json().items as { framework_code: string; requirement_count: number; control_count: number }[]).find((f) => f.framework_code === template.framework_code)!;
    const listed = (await owner({ method: 'GET', url: `/api/projects/${projectId}/requirements?framework=${template.framework_code}&size=1` })).json().total as number;
    expect(framework.requirement_count).toBe(listed);
    expect(framework.control_count).toBe((await owner({ method: 'GET', url: `/api/projects/${projectId}/controls?framework=${template.framework_code}&size=1` })).json().total);
  });
});

// Issue 29, item 15: one number after a settings change, whatever other framework is applied.
describe('a framework\'s progress is its own', () => {
  /** A CV-screening tool an employer in the EU uses: high-risk deployer, so the provider-side controls go out of scope. */
  const HIRING = { product_category: 'ai_system', role: ['deployer'], use_case: ['annex_iii_4a'], establishment: ['eu', 'employer'], project_requirements: ['none'], critical_issues: ['none'], supply_terms: ['none'] };
  type Progress = { requirement_count: number; control_count: number; controls_by_status: Record<string, number> };
  type Listed = { id: string; applicable: boolean; status: string };

  const progressOf = async (projectId: string, code: string) =>
    ((await (await as('owner'))({ method: 'GET', url: `/api/projects/${projectId}/frameworks?size=100` })).json().items as (Progress & { framework_code: string })[]).find((f) => f.framework_code === code)!;
  const listed = async (projectId: string, code: string) => {
    const items: Listed[] = [];
    for (let page = 1; ; page++) {
      const body = (await (await as('owner'))({ method: 'GET', url: `/api/projects/${projectId}/requirements?framework=${code}&size=250&page=${page}` })).json() as { items: Listed[]; total: number };
      items.push(...body.items);
      if (items.length >= body.total || body.items.length === 0) return items;
    }
  };
  /** The framework's progress against the controls list filtered by that framework, status by status. */
  async function expectProgressMatchesLists(projectId: string, code: string) {
    const progress = await progressOf(projectId, code);
    expect(progress.requirement_count, `${code} requirements`).toBe(await totalOf('owner', `/api/projects/${projectId}/requirements?framework=${code}`));
    expect(progress.control_count, `${code} controls`).toBe(await totalOf('owner', `/api/projects/${projectId}/controls?framework=${code}`));
    for (const status of WORK_ITEM_STATUSES) {
      expect(progress.controls_by_status[status], `${code} ${status}`).toBe(await totalOf('owner', `/api/projects/${projectId}/controls?framework=${code}&status=${status}`));
    }
    return progress;
  }

  it('counts the change the settings dialog announces as the lists show it, and applying ISO/IEC 42001 leaves the EU AI Act\'s numbers as they were', async () => {
    const owner = await as('owner');
    const created = await owner({ method: 'POST', url: '/api/projects', payload: { name: 'CV screening, counted', project_type: 'ai_application', frameworks: ['EU_AI_ACT'] } });
    expect(created.statusCode, created.body).toBe(201);
    const projectId = created.json().id as string;
    const settings = `/api/projects/${projectId}/eu_ai_act_settings`;

    // The dialog's count (the dry run) is the change the lists then show: the requirements it names are
    // listed rows, and as many listed rows stop applying; the controls it names go out of scope, no more.
    const before = await listed(projectId, 'EU_AI_ACT');
    const controlsOutBefore = await totalOf('owner', `/api/projects/${projectId}/controls?status=out_of_scope`);
    const dry = (await owner({ method: 'POST', url: `${settings}?dry_run=true`, payload: HIRING })).json().change as { requirements_out: { id: string }[]; controls_out: unknown[] };
    const saved = await owner({ method: 'POST', url: settings, payload: HIRING });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().change.requirements_out.length).toBe(dry.requirements_out.length);
    const after = await listed(projectId, 'EU_AI_ACT');
    const listedIds = new Set(after.map((r) => r.id));
    expect(dry.requirements_out.every((r) => listedIds.has(r.id)), 'every requirement the dialog counts is a row of the requirements list').toBe(true);
    const notApplicable = (rows: Listed[]) => rows.filter((r) => !r.applicable).length;
    expect(notApplicable(after) - notApplicable(before)).toBe(dry.requirements_out.length);
    expect((await totalOf('owner', `/api/projects/${projectId}/controls?status=out_of_scope`)) - controlsOutBefore).toBe(dry.controls_out.length);

    const euBefore = await expectProgressMatchesLists(projectId, 'EU_AI_ACT');
    expect(euBefore.controls_by_status.out_of_scope).toBeGreaterThan(0);
    const requirementsBefore = (await dashboardOfProject(projectId)).requirements;

    const applied = await owner({ method: 'POST', url: `/api/projects/${projectId}/frameworks`, payload: { framework_code: 'ISO_IEC_42001' } });
    expect(applied.statusCode, applied.body).toBe(201);
    const euAfter = await expectProgressMatchesLists(projectId, 'EU_AI_ACT');
    expect(euAfter.controls_by_status, 'the EU AI Act\'s control progress').toEqual(euBefore.controls_by_status);
    expect(euAfter.requirement_count).toBe(euBefore.requirement_count);
    await expectProgressMatchesLists(projectId, 'ISO_IEC_42001');
    const euRequirements = await listed(projectId, 'EU_AI_ACT');
    expect(euRequirements.map((r) => `${r.id} ${r.status}`).sort(), 'the EU AI Act\'s requirements keep their statuses').toEqual(after.map((r) => `${r.id} ${r.status}`).sort());
    const requirementsAfter = (await dashboardOfProject(projectId)).requirements;
    expect(requirementsAfter.total).toBe(requirementsBefore.total + (await totalOf('owner', `/api/projects/${projectId}/requirements?framework=ISO_IEC_42001`)));
  });

  const dashboardOfProject = async (projectId: string) => (await (await as('owner'))({ method: 'GET', url: `/api/projects/${projectId}/dashboard` })).json() as Dashboard;
});
