import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_ROLE_RIGHTS, ORGANIZATION_ROLES } from '@aegis/contracts';
import { projects, users } from '../src/db/schema';
import { build, type TestApp } from './helper';

// Screens refresh from the unread stream's `changed` events (issue 17, item 12): a decision taken in one
// tab reaches every member's open screens, never another organization's, and settles its notifications.

let t: TestApp;
let base: string;
let project: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await build();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  for (const who of ['owner', 'editor', 'reviewer']) ids[who] = (await t.db.select().from(users).where(eq(users.email, `${who}@demo.local`)))[0]!.id;
});
afterAll(() => t.close());

type Event = { type: string; count?: number; concept?: string; project_id?: string; object_id?: string };

/** Reads every event of a stream in the background, so waiting for one never loses the next. */
async function listen(email: string) {
  const { access_token } = await t.tokensFor(email);
  const controller = new AbortController();
  const response = await fetch(`${base}/api/notifications/unread/stream/`, { headers: { authorization: `Bearer ${access_token}` }, signal: controller.signal });
  expect(response.status).toBe(200);
  const events: Event[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const data = buffer.slice(0, end).split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
        buffer = buffer.slice(end + 2);
        if (data) events.push(JSON.parse(data) as Event);
      }
    }
  })();
  const waitFor = async (match: (event: Event) => boolean, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = events.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${email}: no matching event in time; got ${JSON.stringify(events)}`);
  };
  // Subscribed once the first count arrives.
  await waitFor((event) => event.type === 'unread_notifications');
  return { events, waitFor, close: () => controller.abort() };
}

const as = (who: string) => t.login(`${who}@demo.local`);
const controlOf = async (code: string) => (await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/controls/${code}` })).json() as { id: string; status: string };
const reviewsUrl = (objectId: string, suffix = '') => `/api/projects/${project}/reviews/control/${objectId}${suffix}`;
const changeOf = (concept: string, objectId: string) => (event: Event) => event.type === 'changed' && event.concept === concept && event.object_id === objectId && event.project_id === project;

describe('changed events on the unread stream', () => {
  it("reach a second member's stream when a review is decided, and never another organization's", async () => {
    const target = await controlOf('MFF-1.GOV.08');
    const owner = await listen('owner@demo.local');
    const reviewer = await listen('reviewer@demo.local');
    const outsider = await listen('outsider@other.local');
    try {
      const asked = await (await as('editor'))({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer] } });
      expect(asked.statusCode, asked.body).toBe(201);
      await owner.waitFor(changeOf('review', target.id));
      await owner.waitFor(changeOf('control', target.id));

      const reviewEvents = () => owner.events.filter(changeOf('review', target.id)).length;
      const controlEvents = () => owner.events.filter(changeOf('control', target.id)).length;
      const before = { review: reviewEvents(), control: controlEvents() };
      const decided = await (await as('reviewer'))({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved', comment: '' } });
      expect(decided.json().status).toBe('approved');
      // The owner's open screens hear of the decision and of the control's new status.
      await owner.waitFor(() => reviewEvents() > before.review && controlEvents() > before.control);

      // A change in the outsider's own organization reaches them: their stream works, and carries nothing of ours.
      const outsiderApi = await t.login('outsider@other.local');
      const own = (await outsiderApi({ method: 'POST', url: '/api/projects', payload: { name: 'Live elsewhere', project_type: 'organization', frameworks: ['MFF-1'] } })).json() as { id: string };
      const changedThere = await outsiderApi({ method: 'PATCH', url: `/api/projects/${own.id}/controls/MFF-1.GOV.08`, payload: { status: 'in_progress' } });
      expect(changedThere.statusCode).toBe(200);
      await outsider.waitFor((event) => event.type === 'changed' && event.project_id === own.id);
      expect(outsider.events.filter((event) => event.type === 'changed' && event.project_id === project)).toEqual([]);
      // Nor does the outsider's change reach the demo organization's streams.
      expect([...owner.events, ...reviewer.events].filter((event) => event.project_id === own.id)).toEqual([]);
    } finally {
      owner.close();
      reviewer.close();
      outsider.close();
    }
  });

  it('reaches the members when a control changes status outside any review', async () => {
    const target = await controlOf('MFF-1.GOV.09');
    const auditor = await listen('auditor@demo.local');
    try {
      const next = target.status === 'in_progress' ? 'ready' : 'in_progress';
      expect((await (await as('editor'))({ method: 'PATCH', url: `/api/projects/${project}/controls/MFF-1.GOV.09`, payload: { status: next } })).statusCode).toBe(200);
      await auditor.waitFor(changeOf('control', target.id));
    } finally {
      auditor.close();
    }
  });
});

describe("the controls list's review chip", () => {
  it('shows an approval only while the control is still approved by it: reopening ends it', async () => {
    const target = await controlOf('MFF-1.GOV.12');
    const chip = async () => ((await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/controls?name=MFF-1.GOV.12` })).json().items as { control_code: string; review_status: string | null }[]).find((c) => c.control_code === 'MFF-1.GOV.12')!.review_status;
    await (await as('editor'))({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer] } });
    expect(await chip()).toBe('in_review');
    await (await as('reviewer'))({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved', comment: '' } });
    expect(await chip()).toBe('approved');
    const reopened = await (await as('owner'))({ method: 'PATCH', url: `/api/projects/${project}/controls/MFF-1.GOV.12`, payload: { status: 'in_progress', justification: 'The policy changed' } });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().review_status).toBeNull();
    expect(await chip()).toBeNull();
  });
});

describe("a review's notifications", () => {
  const unreadAbout = async (who: string, reviewId: string) =>
    ((await (await as(who))({ method: 'GET', url: '/api/notifications?notification_status=unread&size=100' })).json().items as { object_id: string | null }[]).filter((n) => n.object_id === reviewId).length;

  it('are resolved when the review is decided, and the bell count drops at once', async () => {
    const target = await controlOf('MFF-1.GOV.10');
    const requested = (await (await as('editor'))({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer] } })).json() as { id: string };
    expect(await unreadAbout('reviewer', requested.id)).toBe(1);
    const reviewer = await listen('reviewer@demo.local');
    try {
      const before = reviewer.events.at(-1)!.count!;
      await (await as('reviewer'))({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'rejected', comment: 'Missing evidence' } });
      expect(await unreadAbout('reviewer', requested.id)).toBe(0);
      await reviewer.waitFor((event) => event.type === 'unread_notifications' && event.count === before - 1);
      // The outcome still reaches the requester, unread.
      expect(await unreadAbout('editor', requested.id)).toBe(1);
    } finally {
      reviewer.close();
    }
  });

  it('are resolved for every reviewer when the review is cancelled', async () => {
    const target = await controlOf('MFF-1.GOV.11');
    const requested = (await (await as('editor'))({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, ids.owner], rule: 'all' } })).json() as { id: string };
    expect(await unreadAbout('reviewer', requested.id)).toBe(1);
    expect(await unreadAbout('owner', requested.id)).toBe(1);
    expect((await (await as('editor'))({ method: 'DELETE', url: reviewsUrl(target.id) })).statusCode).toBe(200);
    // Each is told of the cancellation: that one notification is what is left unread.
    for (const who of ['reviewer', 'owner']) {
      const left = ((await (await as(who))({ method: 'GET', url: '/api/notifications?notification_status=unread&size=100' })).json().items as { object_id: string; name: string }[]).filter((n) => n.object_id === requested.id);
      expect(left.map((n) => n.name)).toEqual([expect.stringContaining('Review cancelled')]);
    }
  });
});

const fullAccess = ORGANIZATION_ROLES.filter((role) => ORGANIZATION_ROLE_RIGHTS[role].includes('projects:full_access'));

describe('a change seen by more people than one event may name', () => {
  it('reaches every one of them, in events of at most 150 ids, and nobody of another organization', async () => {
    const organizationId = (await t.db.select().from(projects).where(eq(projects.id, project)))[0]!.organizationId;
    // 320 more holders of full access (admins) in the project's organization, and one admin elsewhere.
    await t.db.execute(sql`
      with made as (
        insert into users (email, firstname) select 'viewer' || n || '@many.local', 'Viewer ' || n from generate_series(1, 320) n returning id
      ), joined as (
        insert into organization_memberships (organization_id, user_id, status) select ${organizationId}, id, 'active' from made returning user_id
      )
      insert into organization_member_roles (organization_id, user_id, role) select ${organizationId}, user_id, 'admin' from joined`);
    const payloads: { user_ids: string[]; project_id: string; concept: string; object_id: string }[] = [];
    const listener = await t.database.listen('aegis_events', (payload) => payloads.push(JSON.parse(payload)));
    try {
      const owner = await t.login('owner@demo.local');
      const ready = (await owner({ method: 'GET', url: `/api/projects/${project}/controls?status=ready&size=1` })).json().items[0];
      const changed = await owner({ method: 'PATCH', url: `/api/projects/${project}/controls/${ready.control_code}`, payload: { status: 'in_progress' } });
      expect(changed.statusCode, changed.body).toBe(200);
      await listener.sync();
      const events = payloads.filter((p) => p.object_id === ready.id);
      const expected = (await t.db.execute(sql`
        select distinct om.user_id from organization_memberships om
         where om.organization_id = ${organizationId} and om.status = 'active'
           and (exists (select 1 from project_memberships pm where pm.project_id = ${project} and pm.user_id = om.user_id)
                or exists (select 1 from organization_member_roles r where r.organization_id = om.organization_id and r.user_id = om.user_id and r.role in (${sql.join(fullAccess.map((role) => sql`${role}`), sql`, `)})))`) as unknown as { rows: { user_id: string }[] }).rows.map((r) => r.user_id);
      expect(expected.length).toBeGreaterThan(320);
      expect(fullAccess).toContain('admin');
      expect(events.length).toBe(Math.ceil(expected.length / 150));
      expect(events.every((e) => e.user_ids.length <= 150 && e.project_id === project && e.concept === 'control')).toBe(true);
      expect(events.flatMap((e) => e.user_ids).sort()).toEqual([...expected].sort());
    } finally {
      await listener.stop();
    }
  });
});
