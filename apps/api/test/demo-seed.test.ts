import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema';
import { CHATBOT_PROJECT } from '../src/demo/seed-chatbot-project';
import { DEMO_PROJECT, seedDemo } from '../src/demo/seed';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';

type Item = Record<string, unknown>;

let t: TestApp;
let demo: string;
const projectId = async (name: string) => (await t.db.select().from(projects).where(eq(projects.name, name)))[0]!.id;

beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
});
afterAll(() => t.close());

// A newcomer who runs `npm start` sees the product working: tags in use, a feed, two projects under way.
describe('the demo seed', () => {
  it('runs once: a database that has organizations is left alone', async () => {
    expect(await seedDemo(t.db)).toBe(false);
  });

  it('gives the organization a tag taxonomy, in use on the demo project’s controls', async () => {
    const editor = await t.login('editor@demo.local');
    const tags = (await editor({ method: 'GET', url: `/api/organizations/${demo}/tags?size=50` })).json() as { items: { tag_id: string; name: string }[] };
    expect(tags.items.map((tag) => tag.name).sort()).toEqual(['Audit 2027', 'Customer-facing', 'Data protection', 'High risk']);
    const highRisk = tags.items.find((tag) => tag.name === 'High risk')!.tag_id;
    const tagged = (await editor({ method: 'GET', url: `/api/projects/${await projectId(DEMO_PROJECT)}/controls?tags=${highRisk}&size=50` })).json() as { items: Item[] };
    expect(tagged.items.map((control) => control.control_code).sort()).toEqual(['MFF-1.DAT.02', 'MFF-1.RSK.01']);
  });

  it('keeps the pending review of MFF-1.RSK.01 current although the control carries tags', async () => {
    const reviewer = await t.login('reviewer@demo.local');
    const queue = (await reviewer({ method: 'GET', url: '/api/users/me/reviews' })).json() as { items: Item[] };
    const review = queue.items.find((item) => String(item.object_label).startsWith('MFF-1.RSK.01'));
    expect(review).toMatchObject({ status: 'in_review', stale: false });
  });

  it('leaves the reviewer an unread review request and the editor assignments, some of them read', async () => {
    const reviewer = await t.login('reviewer@demo.local');
    const unread = (await reviewer({ method: 'GET', url: '/api/notifications?notification_status=unread' })).json() as { items: Item[] };
    expect(unread.items[0]).toMatchObject({
      name: 'Review requested: MFF-1.RSK.01 Risk management methodology and criteria',
      message: 'Eddie Editor asks you to review MFF-1.RSK.01 Risk management methodology and criteria.',
      link: expect.stringMatching(/^\/projects\/project-detail\/[0-9a-f-]{36}\/control-detail\/MFF-1.RSK.01$/),
      object_type: 'review',
    });
    const editor = await t.login('editor@demo.local');
    const feed = (await editor({ method: 'GET', url: '/api/notifications?size=50' })).json() as { items: Item[] };
    const assigned = feed.items.filter((item) => String(item.name).startsWith('Assigned to you: '));
    expect(assigned.map((item) => item.notification_status).sort()).toEqual(['read', 'unread', 'unread']);
  });

  it('adds a second AI application for owner@, with two frameworks and its first controls started, within the plan', async () => {
    const owner = await t.login('owner@demo.local');
    const mine = (await owner({ method: 'GET', url: `/api/organizations/${demo}/projects` })).json() as { items: Item[] };
    const chatbot = mine.items.find((project) => project.name === CHATBOT_PROJECT);
    expect(chatbot).toMatchObject({ project_type: 'ai_application' });
    const detail = (await owner({ method: 'GET', url: `/api/projects/${String(chatbot!.id)}` })).json() as { roles: string[]; frameworks: { framework_code: string }[] };
    expect(detail.roles).toEqual(['owner']);
    expect(detail.frameworks.map((framework) => framework.framework_code).sort()).toEqual(['EU_AI_ACT', 'NIST_AI_RMF']);
    const started = (await owner({ method: 'GET', url: `/api/projects/${String(chatbot!.id)}/controls?status=in_progress&size=50` })).json() as { items: Item[] };
    expect(started.items.map((control) => control.control_code).sort()).toEqual(['MFF-1.HUM.01', 'MFF-1.TRA.01']);

    const admin = await t.login('admin@demo.local');
    const quota = (await admin({ method: 'GET', url: `/api/v1/organizations/${demo}/quota` })).json();
    expect(quota).toMatchObject({ plan_quota: { projects: 10 }, used_quota: { projects_ai_application: 2, projects_organization: 0 } });
  });
});
