import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../src/db/schema';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';

// The activity sentences say what changed, from what to what: the log entries carry the names of
// the people and tags on both sides, not only their ids.
let t: TestApp;
let demo: string;
let project: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  for (const who of ['editor', 'reviewer', 'auditor']) ids[who] = (await t.db.select().from(users).where(eq(users.email, `${who}@demo.local`)))[0]!.id;
});
afterAll(() => t.close());

const url = (suffix = '') => `/api/projects/${project}/controls/MFF-1.DAT.03${suffix}`;
type Entry = { action: string; before: Record<string, unknown>; after: Record<string, unknown> };

async function lastEntry(action: string): Promise<Entry> {
  const owner = await t.login('owner@demo.local');
  const control = (await owner({ method: 'GET', url: url() })).json();
  const log = (await owner({ method: 'GET', url: `/api/projects/${project}/logs/${control.id}` })).json().items as Entry[];
  return log.find((entry) => entry.action === action)!;
}

describe('the log of a work item', () => {
  it('names the people before and after a change of assignees and reviewers', async () => {
    const owner = await t.login('owner@demo.local');
    expect((await owner({ method: 'PATCH', url: url('/assignees'), payload: { assignees: [ids.editor!], reviewers: [ids.reviewer!] } })).statusCode).toBe(200);
    expect((await owner({ method: 'PATCH', url: url('/assignees'), payload: { assignees: [], reviewers: [ids.auditor!] } })).statusCode).toBe(200);
    const entry = await lastEntry('assignees_changed');
    expect(entry.before).toMatchObject({ assignees: [ids.editor], reviewers: [ids.reviewer], assignee_names: ['Eddie Editor'], reviewer_names: ['Rita Reviewer'] });
    expect(entry.after).toMatchObject({ assignees: [], reviewers: [ids.auditor], assignee_names: [], reviewer_names: ['Arthur Auditor'] });
  });

  it('names the tags before and after a change of tags', async () => {
    const admin = await t.login('admin@demo.local');
    const owner = await t.login('owner@demo.local');
    const fairness = (await admin({ method: 'POST', url: `/api/organizations/${demo}/tags`, payload: { name: 'Fairness' } })).json();
    const privacy = (await admin({ method: 'POST', url: `/api/organizations/${demo}/tags`, payload: { name: 'Privacy' } })).json();
    expect((await owner({ method: 'PATCH', url: url(), payload: { tags: [fairness.tag_id] } })).statusCode).toBe(200);
    expect((await owner({ method: 'PATCH', url: url(), payload: { tags: [privacy.tag_id] } })).statusCode).toBe(200);
    const entry = await lastEntry('tags_changed');
    expect(entry.before).toEqual({ tags: [fairness.tag_id], tag_names: ['Fairness'] });
    expect(entry.after).toMatchObject({ tags: [privacy.tag_id], tag_names: ['Privacy'] });
  });
});
