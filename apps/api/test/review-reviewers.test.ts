import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../src/db/schema';
import { membershipRepository } from '../src/modules/organizations/membership-repository';
import { organizationId, uniqueEmail } from './factories';
import { build, type TestApp } from './helper';

// Issue 17, item 3: reviewers come from the caller's organization and are active members who may decide;
// when one is deactivated or leaves the project, the pending reviews that need them are recounted.

let t: TestApp;
let project: string;
let organization: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await build();
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  organization = await organizationId(t, 'Demo Organization');
  for (const who of ['owner', 'editor', 'reviewer', 'auditor', 'admin']) ids[who] = (await t.db.select().from(users).where(eq(users.email, `${who}@demo.local`)))[0]!.id;
  ids.outsider = (await t.db.select().from(users).where(eq(users.email, 'outsider@other.local')))[0]!.id;
});
afterAll(() => t.close());

const as = (who: string) => t.login(`${who}@demo.local`);
const control = async (code: string) => (await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/controls/${code}` })).json() as { id: string; status: string };
const reviewsUrl = (objectId: string, suffix = '') => `/api/projects/${project}/reviews/control/${objectId}${suffix}`;
const statusUrl = (userId: string) => `/api/organizations/${organization}/users/${userId}/status`;

/** A new member of Demo Organization holding the project role given (reviewer by default). */
async function person(firstname: string, role: string | null = 'reviewer') {
  const [user] = await t.db.insert(users).values({ email: uniqueEmail(firstname.toLowerCase()), firstname, lastname: 'Tester', termsAccepted: true }).returning();
  await membershipRepository.addMember(t.db, organization, user!.id, 'member');
  if (role) expect((await (await as('owner'))({ method: 'POST', url: `/api/users/${user!.id}/roles?role=${role}&project_id=${project}` })).statusCode).toBe(200);
  return user!.id;
}

const deactivate = async (userId: string) => expect((await (await as('admin'))({ method: 'PATCH', url: statusUrl(userId), payload: { status: 'deactivated' } })).statusCode).toBe(200);
const notificationsOf = async (who: string) => (await (await as(who))({ method: 'GET', url: '/api/notifications?size=50' })).json().items as { name: string; message: string; object_id: string | null }[];
const logOf = async (objectId: string) => (await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/logs/${objectId}` })).json().items as { action: string; after: Record<string, unknown> }[];
const decisionOf = (review: { reviewers: { reviewer: { id: string }; decision: string }[] }, userId: string) => review.reviewers.find((r) => r.reviewer.id === userId)?.decision;

describe('naming reviewers', () => {
  it('answers an id of another organization exactly as an id nobody has, on request and on change', async () => {
    const target = await control('MFF-1.MON.01');
    const editor = await as('editor');
    const outside = await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.outsider] } });
    const unknown = await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [randomUUID()] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'unknown_reviewer', errors: [{ path: 'body.reviewers.0' }] });
    expect(unknown.json().detail).toContain('reviewers');
    expect(outside.statusCode).toBe(unknown.statusCode);
    expect(outside.json()).toEqual(unknown.json());
    expect(outside.body).not.toContain('Oscar');
    expect(outside.body).not.toContain('Outsider');
    expect((await control('MFF-1.MON.01')).status).not.toBe('in_review');

    // The same on changing the reviewers of a pending review, wherever the id sits in the list.
    expect((await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer] } })).statusCode).toBe(201);
    const outsideChange = await editor({ method: 'PATCH', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, ids.outsider] } });
    const unknownChange = await editor({ method: 'PATCH', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, randomUUID()] } });
    expect(unknownChange.statusCode).toBe(422);
    expect(outsideChange.json()).toEqual(unknownChange.json());
    expect(outsideChange.json().errors).toEqual([{ path: 'body.reviewers.1', message: expect.any(String) }]);
    expect(outsideChange.body).not.toContain('Oscar');
  });

  it('refuses a deactivated member, naming the field', async () => {
    const dana = await person('Dana');
    await deactivate(dana);
    const target = await control('MFF-1.MON.02');
    const refused = await (await as('editor'))({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [dana] } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'invalid_reviewers', errors: [{ path: 'body.reviewers.0', message: expect.stringContaining('deactivated') }] });
    expect(refused.json().detail).toMatch(/^reviewers: /);
    expect((await control('MFF-1.MON.02')).status).not.toBe('in_review');
  });

  it('refuses a member of the organization who holds no deciding role on the project', async () => {
    const nobody = await person('Nadia', null);
    const viewer = await person('Victor', 'editor');
    const target = await control('MFF-1.MON.03');
    for (const id of [nobody, viewer]) {
      const refused = await (await as('editor'))({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, id] } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'invalid_reviewers', errors: [{ path: 'body.reviewers.1' }] });
    }
  });
});

describe('a reviewer who is deactivated', () => {
  it('as the only reviewer: the review is cancelled, the control goes back, the requester and assignees are told', async () => {
    const sole = await person('Sol');
    const target = await control('MFF-1.MON.04');
    const editor = await as('editor');
    expect((await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [sole] } })).statusCode).toBe(201);
    await deactivate(sole);
    const [review] = (await editor({ method: 'GET', url: reviewsUrl(target.id) })).json();
    expect(review.status).toBe('cancelled');
    expect(decisionOf(review, sole)).toBe('cancelled');
    expect((await control('MFF-1.MON.04')).status).toBe(review.status_before);
    const told = (await notificationsOf('editor')).find((n) => n.object_id === review.id && n.name.startsWith('Review cancelled'));
    expect(told?.message).toContain('Sol Tester');
    expect(told?.message).toContain('deactivated');
    const entry = (await logOf(target.id)).find((e) => e.action === 'review_recounted');
    expect(entry?.after).toMatchObject({ review_id: review.id, reason: 'deactivated', removed_reviewers: [sole], removed_reviewer_names: ['Sol Tester'], outcome: 'cancelled' });
    // Nothing is left pending: a new review can be requested at once.
    expect((await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer] } })).statusCode).toBe(201);
  });

  it('with rule "all" when everyone else approved: the review is approved and the control locked', async () => {
    const late = await person('Lee');
    const target = await control('MFF-1.MON.05');
    const editor = await as('editor');
    await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, late], rule: 'all' } });
    expect((await (await as('reviewer'))({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved', comment: 'Fine' } })).json().status).toBe('in_review');
    await deactivate(late);
    const [review] = (await editor({ method: 'GET', url: reviewsUrl(target.id) })).json();
    expect(review.status).toBe('approved');
    expect(decisionOf(review, late)).toBe('cancelled');
    expect((await control('MFF-1.MON.05')).status).toBe('approved');
    expect((await notificationsOf('editor')).some((n) => n.object_id === review.id && n.name.startsWith('Approved'))).toBe(true);
  });

  it('with other reviewers still to decide: their entry closes, the review waits for the others and is settled without them', async () => {
    const [first, second] = [await person('Fay'), await person('Gus')];
    const target = await control('MFF-1.MON.06');
    const editor = await as('editor');
    await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, first, second], rule: 'all' } });
    await deactivate(first);
    let [review] = (await editor({ method: 'GET', url: reviewsUrl(target.id) })).json();
    expect(review.status).toBe('in_review');
    expect(decisionOf(review, first)).toBe('cancelled');
    expect(decisionOf(review, second)).toBe('pending');
    expect((await notificationsOf('editor')).some((n) => n.object_id === review.id && n.message.includes('Fay Tester'))).toBe(true);
    expect((await (await as('reviewer'))({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved' } })).json().status).toBe('in_review');
    // The closed entry does not count: the last remaining approval settles it.
    const last = await (await t.login((await t.db.select().from(users).where(eq(users.id, second)))[0]!.email))({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved' } });
    expect(last.json().status).toBe('approved');
    // Once reactivated, the closed reviewer can be named again (or left out) on another review.
    expect((await (await as('admin'))({ method: 'PATCH', url: statusUrl(first), payload: { status: 'active' } })).statusCode).toBe(200);
    const other = await control('MFF-1.MON.07');
    await editor({ method: 'POST', url: reviewsUrl(other.id), payload: { reviewers: [ids.reviewer, first] } });
    await deactivate(first);
    [review] = (await editor({ method: 'GET', url: reviewsUrl(other.id) })).json();
    expect(decisionOf(review, first)).toBe('cancelled');
    expect((await (await as('admin'))({ method: 'PATCH', url: statusUrl(first), payload: { status: 'active' } })).statusCode).toBe(200);
    const renamed = await editor({ method: 'PATCH', url: reviewsUrl(other.id), payload: { reviewers: [ids.reviewer, first] } });
    expect(renamed.statusCode).toBe(200);
    expect(decisionOf(renamed.json(), first)).toBe('pending');
    const dropped = await editor({ method: 'PATCH', url: reviewsUrl(other.id), payload: { reviewers: [ids.reviewer] } });
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json().reviewers.map((r: { reviewer: { id: string } }) => r.reviewer.id)).toEqual([ids.reviewer]);
  });
});

describe('at the same instant', () => {
  it('a deactivation and the other reviewer\'s approval settle a rule "all" review exactly once, as approved', async () => {
    const admin = await as('admin');
    const reviewer = await as('reviewer');
    const editor = await as('editor');
    for (const code of ['MFF-1.CON.06', 'MFF-1.CON.07', 'MFF-1.CON.08']) {
      const other = await person('Rae');
      const target = await control(code);
      await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, other], rule: 'all' } });
      const results = await Promise.all([
        reviewer({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved' } }),
        admin({ method: 'PATCH', url: statusUrl(other), payload: { status: 'deactivated' } }),
      ]);
      expect(results.map((r) => r.statusCode), results.map((r) => r.body.slice(0, 300)).join('\n')).toEqual([200, 200]);
      const [review] = (await editor({ method: 'GET', url: reviewsUrl(target.id) })).json();
      expect(review.status).toBe('approved');
      expect((await control(code)).status).toBe('approved');
      const approvals = (await logOf(target.id)).filter((e) => e.action === 'status_changed' && e.after.status === 'approved');
      expect(approvals).toHaveLength(1);
    }
  });
});

describe('a reviewer who leaves the project', () => {
  it('losing their last role, or keeping only one that cannot decide, recounts their pending reviews', async () => {
    const [leaver, demoted] = [await person('Lou'), await person('Dee')];
    const [a, b] = [await control('MFF-1.LCM.01'), await control('MFF-1.LCM.02')];
    const editor = await as('editor');
    const owner = await as('owner');
    await editor({ method: 'POST', url: reviewsUrl(a.id), payload: { reviewers: [leaver] } });
    await editor({ method: 'POST', url: reviewsUrl(b.id), payload: { reviewers: [ids.reviewer, demoted] } });
    expect((await owner({ method: 'DELETE', url: `/api/users/${leaver}/roles?role=reviewer&project_id=${project}` })).statusCode).toBe(200);
    const [first] = (await editor({ method: 'GET', url: reviewsUrl(a.id) })).json();
    expect(first.status).toBe('cancelled');
    expect((await control('MFF-1.LCM.01')).status).toBe(first.status_before);
    const told = (await notificationsOf('editor')).find((n) => n.object_id === first.id && n.name.startsWith('Review cancelled'));
    expect(told?.message).toContain('left the project');
    // Their own request to review it no longer asks for anything.
    const leaverInject = await t.login((await t.db.select().from(users).where(eq(users.id, leaver)))[0]!.email);
    const theirs = (await leaverInject({ method: 'GET', url: '/api/notifications?size=50' })).json().items as { object_id: string; notification_status: string }[];
    expect(theirs.filter((n) => n.object_id === first.id).map((n) => n.notification_status)).toEqual(['read']);

    expect((await owner({ method: 'PATCH', url: `/api/users/${demoted}/roles?project_id=${project}`, payload: { roles: ['editor'] } })).statusCode).toBe(200);
    const [second] = (await editor({ method: 'GET', url: reviewsUrl(b.id) })).json();
    expect(second.status).toBe('in_review');
    expect(decisionOf(second, demoted)).toBe('cancelled');
    expect((await logOf(b.id)).find((e) => e.action === 'review_recounted')?.after).toMatchObject({ reason: 'lost_review_right', removed_reviewers: [demoted], outcome: null });
  });

  it('a change of roles that keeps the right to decide leaves their reviews alone', async () => {
    const stays = await person('Stan');
    const target = await control('MFF-1.LCM.03');
    const editor = await as('editor');
    await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [stays] } });
    expect((await (await as('owner'))({ method: 'PATCH', url: `/api/users/${stays}/roles?project_id=${project}`, payload: { roles: ['auditor', 'reviewer'] } })).statusCode).toBe(200);
    const [review] = (await editor({ method: 'GET', url: reviewsUrl(target.id) })).json();
    expect(review.status).toBe('in_review');
    expect(decisionOf(review, stays)).toBe('pending');
    expect((await logOf(target.id)).some((e) => e.action === 'review_recounted')).toBe(false);
  });
});
