import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { notifyUsers } from '../src/modules/notifications/notify';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

async function userId(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row!.id;
}

async function notify(email: string, name: string, organization = 'Demo Organization') {
  const [row] = await notifyUsers(t.db, {
    organizationId: await organizationId(t, organization),
    userIds: [await userId(email)],
    name,
    message: `About ${name}`,
    link: '/projects',
    objectType: 'project',
    objectId: 'p1',
  });
  return row!.id;
}

describe('notifications API', () => {
  it('lists your notifications newest first, filters by status and name, and pages', async () => {
    // The auditor: the demo seed leaves them no notifications, so the counts are this test's own.
    const auditor = await t.login('auditor@demo.local');
    const first = await notify('auditor@demo.local', 'Risk assigned');
    await notify('auditor@demo.local', 'Review requested');
    await notify('auditor@demo.local', 'Control updated');
    await notify('editor@demo.local', 'Not yours');

    const all = (await auditor({ method: 'GET', url: '/api/notifications' })).json();
    expect(all).toMatchObject({ total: 3, page: 1, size: 10, pages: 1 });
    expect(all.items.map((n: { name: string }) => n.name)).toEqual(['Control updated', 'Review requested', 'Risk assigned']);
    expect(all.items[2]).toMatchObject({ notification_id: first, notification_status: 'unread', link: '/projects', object_type: 'project', message: 'About Risk assigned' });

    const named = (await auditor({ method: 'GET', url: '/api/notifications?name=review' })).json();
    expect(named.items.map((n: { name: string }) => n.name)).toEqual(['Review requested']);
    const paged = (await auditor({ method: 'GET', url: '/api/notifications?size=2&page=2' })).json();
    expect(paged).toMatchObject({ total: 3, pages: 2, items: [expect.objectContaining({ name: 'Risk assigned' })] });

    await auditor({ method: 'PATCH', url: `/api/notifications/${first}?notification_status=read` });
    const unread = (await auditor({ method: 'GET', url: '/api/notifications?notification_status=unread' })).json();
    expect(unread.total).toBe(2);
  });

  it('marks one notification read, unread or archived', async () => {
    const editor = await t.login('editor@demo.local');
    const id = await notify('editor@demo.local', 'Evidence uploaded');
    for (const status of ['read', 'archived', 'unread']) {
      const response = await editor({ method: 'PATCH', url: `/api/notifications/${id}?notification_status=${status}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().notification_status).toBe(status);
    }
  });

  it('marks many at once and ignores ids that are not yours', async () => {
    const auditor = await t.login('auditor@demo.local');
    const mine = [await notify('auditor@demo.local', 'a'), await notify('auditor@demo.local', 'b')];
    const theirs = await notify('owner@demo.local', 'c');
    const response = await auditor({ method: 'PATCH', url: '/api/notifications/bulk?notification_status=archived', payload: [...mine, theirs] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 2 });
    const owner = await t.login('owner@demo.local');
    const ownerList = (await owner({ method: 'GET', url: '/api/notifications?notification_status=unread' })).json();
    expect(ownerList.items.map((n: { notification_id: string }) => n.notification_id)).toContain(theirs);
  });

  it("hides another user's or another organization's notification behind 404", async () => {
    const editor = await t.login('editor@demo.local');
    const theirs = await notify('owner@demo.local', 'private');
    expect((await editor({ method: 'PATCH', url: `/api/notifications/${theirs}?notification_status=read` })).statusCode).toBe(404);
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'PATCH', url: `/api/notifications/${theirs}?notification_status=read` })).statusCode).toBe(404);
  });

  it('validates status, ids and the bulk body', async () => {
    const editor = await t.login('editor@demo.local');
    const id = await notify('editor@demo.local', 'x');
    const badStatus = await editor({ method: 'PATCH', url: `/api/notifications/${id}?notification_status=deleted` });
    expect(badStatus.statusCode).toBe(422);
    expect(badStatus.json().errors[0].path).toBe('querystring.notification_status');
    expect((await editor({ method: 'PATCH', url: `/api/notifications/${id}` })).statusCode).toBe(422);
    expect((await editor({ method: 'PATCH', url: '/api/notifications/nope?notification_status=read' })).statusCode).toBe(422);
    const empty = await editor({ method: 'PATCH', url: '/api/notifications/bulk?notification_status=read', payload: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toBe('body: Send at least one notification id');
    const notIds = await editor({ method: 'PATCH', url: '/api/notifications/bulk?notification_status=read', payload: ['x'] });
    expect(notIds.statusCode).toBe(422);
    expect(notIds.json().errors[0].path).toBe('body.0');
    expect((await editor({ method: 'GET', url: '/api/notifications?notification_status=gone' })).statusCode).toBe(422);
  });

  it('tells a user when an API token is created on their account', async () => {
    const owner = await t.login('owner@demo.local');
    const token = (await owner({ method: 'POST', url: '/api/auth/api', payload: { name: 'Laptop' } })).json();
    const list = (await owner({ method: 'GET', url: '/api/notifications?name=API token' })).json();
    expect(list.items[0]).toMatchObject({ name: 'API token created', link: '/tokens', object_type: 'api_token', object_id: token.token_id });
    expect(list.items[0].message).toContain('"Laptop"');
  });

  it('lets platform operators announce to every active member; others get 403', async () => {
    const admin = await t.login('admin@demo.local');
    const refused = await admin({ method: 'POST', url: '/api/notifications/announcements', payload: { name: 'Maintenance' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Missing permission internal_metrics:read');
    const internal = await t.login('internal@demo.local');
    const sent = await internal({ method: 'POST', url: '/api/notifications/announcements', payload: { name: 'Maintenance', message: 'Saturday 10:00 UTC', link: '/notifications' } });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ notified: 7 });
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'GET', url: '/api/notifications?name=Maintenance' })).json().total).toBe(0);
    const badLink = await internal({ method: 'POST', url: '/api/notifications/announcements', payload: { name: 'x', link: 'https://evil.example' } });
    expect(badLink.statusCode).toBe(422);
    expect(badLink.json().errors[0]).toEqual({ path: 'body.link', message: 'Link must be a path inside the app, starting with /' });
  });
});
