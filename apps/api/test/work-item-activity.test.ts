import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../src/db/schema';
import { controlRepository } from '../src/modules/controls/control-repository';
import { workItems } from '../src/modules/work-items/work-items';
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

describe('status changes at the same time', () => {
  /** Ready controls of the demo project, by code, that no other test of this file touches. */
  async function readyControls(count: number) {
    const owner = await t.login('owner@demo.local');
    const page = (await owner({ method: 'GET', url: `/api/projects/${project}/controls?status=ready&size=250&sort_by=control_code&descending=true` })).json();
    const found = (page.items as { id: string; control_code: string }[]).filter((c) => c.control_code !== 'MFF-1.DAT.03');
    expect(found.length).toBeGreaterThanOrEqual(count);
    return found.slice(0, count);
  }
  async function statusEntries(controlId: string) {
    const owner = await t.login('owner@demo.local');
    const log = (await owner({ method: 'GET', url: `/api/projects/${project}/logs/${controlId}?size=100` })).json().items as Entry[];
    return log.filter((entry) => entry.action === 'status_changed');
  }
  it('write a change in one statement only while the row is the version read: a stale one writes nothing, not its entry either', async () => {
    const owner = await t.login('owner@demo.local');
    const target = (await readyControls(15))[14]!;
    const read = async () => (await controlRepository.findForChange(t.db, demo, project, target.control_code, { lock: false }))!;
    const seen = await read();
    const item = { organizationId: demo, projectId: project, itemType: 'control', itemId: seen.id, label: seen.control_code, link: '' };
    const change = (version: string) => ({
      item,
      write: controlRepository.updateIfUnchanged(seen.id, version, { status: 'in_progress', outOfScopeJustification: null }),
      entries: [workItems.statusChangeEntry(null, item, 'ready', 'in_progress')],
      publish: true,
    });
    // Another change comes between the read and the write: the write finds another version and leaves all of it.
    expect((await owner({ method: 'PATCH', url: `/api/projects/${project}/controls/${target.control_code}`, payload: { notes: 'came first' } })).statusCode).toBe(200);
    expect(await workItems.writeInOneStatement(t.db, change(seen.version))).toBeUndefined();
    expect((await owner({ method: 'GET', url: `/api/projects/${project}/controls/${target.control_code}` })).json()).toMatchObject({ status: 'ready', notes: 'came first' });
    expect(await statusEntries(seen.id)).toHaveLength(0);
    // Read again, it writes the row and its entry, and returns what the change answers.
    const written = await workItems.writeInOneStatement<{ status: string; notes: string }>(t.db, change((await read()).version));
    expect(written).toMatchObject({ status: 'in_progress', notes: 'came first' });
    expect(await statusEntries(seen.id)).toHaveLength(1);
  });

  it('write one entry per change, none lost, when many controls change at once', async () => {
    const owner = await t.login('owner@demo.local');
    const targets = await readyControls(12);
    const answers = await Promise.all(targets.map((c) => owner({ method: 'PATCH', url: `/api/projects/${project}/controls/${c.control_code}`, payload: { status: 'in_progress' } })));
    expect(answers.map((a) => a.statusCode)).toEqual(targets.map(() => 200));
    expect(answers.every((a) => a.json().status_change?.to === 'in_progress')).toBe(true);
    for (const c of targets) expect((await statusEntries(c.id)).map((e) => [e.before.status, e.after.status])).toEqual([['ready', 'in_progress']]);
  });

  it('queue on one control: of writers asking the same status one changes it, and every change that answered has its entry', async () => {
    const owner = await t.login('owner@demo.local');
    const editor = await t.login('editor@demo.local');
    const target = (await readyControls(14))[13];
    const path = `/api/projects/${project}/controls/${target!.control_code}`;
    // Ten writers ask for in_progress at once: the first to hold the control changes it, the others find it done.
    const same = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? owner : editor)({ method: 'PATCH', url: path, payload: { status: 'in_progress' } })));
    expect(same.map((a) => a.statusCode)).toEqual(same.map(() => 200));
    expect(same.filter((a) => a.json().status_change !== null)).toHaveLength(1);
    expect(await statusEntries(target!.id)).toHaveLength(1);
    // Ten writers move it back and forth: each answer that changed the status has exactly one entry, from what the one before left.
    const mixed = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? owner : editor)({ method: 'PATCH', url: path, payload: { status: i % 2 ? 'ready' : 'in_progress', notes: `writer ${i}` } })));
    expect(mixed.map((a) => a.statusCode)).toEqual(mixed.map(() => 200));
    const changes = mixed.map((a) => a.json().status_change).filter(Boolean) as { from: string; to: string }[];
    const entries = await statusEntries(target!.id);
    expect(entries).toHaveLength(1 + changes.length);
    expect(entries.every((e) => e.before.status !== e.after.status)).toBe(true);
    // Starting in progress, alternating: as many moves to ready as back, give or take the last one.
    const toReady = changes.filter((c) => c.to === 'ready').length;
    const final = (await owner({ method: 'GET', url: path })).json().status;
    expect(changes.length - toReady).toBe(toReady - (final === 'ready' ? 1 : 0));
    // Every notes change wrote its entry too.
    const log = (await owner({ method: 'GET', url: `/api/projects/${project}/logs/${target!.id}?size=100` })).json().items as Entry[];
    expect(log.filter((e) => e.action === 'updated')).toHaveLength(10);
  });
});
