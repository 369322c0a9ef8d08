import { readdirSync, readFileSync } from 'node:fs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectControls, projects, users } from '../src/db/schema';
import { membershipRepository } from '../src/modules/organizations/membership-repository';
import { organizationId, uniqueEmail } from './factories';
import { build, type TestApp } from './helper';

// Issue 17, item 7: decisions are recounted on every change of reviewers; detaching a framework cancels
// the pending reviews of the controls it removes (logged, requesters told).

let t: TestApp;
let project: string;
let organization: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await build();
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  organization = await organizationId(t, 'Demo Organization');
  for (const who of ['owner', 'editor', 'reviewer', 'auditor', 'admin']) ids[who] = (await t.db.select().from(users).where(eq(users.email, `${who}@demo.local`)))[0]!.id;
});
afterAll(() => t.close());

type ReviewBody = { id: string; status: string; status_before: string; reviewers: { reviewer: { id: string }; decision: string }[] };
const as = (who: string) => t.login(`${who}@demo.local`);
const control = async (code: string, projectId = project) => (await (await as(projectId === project ? 'owner' : 'admin'))({ method: 'GET', url: `/api/projects/${projectId}/controls/${code}` })).json() as { id: string; status: string };
const reviewsUrl = (objectId: string, suffix = '', projectId = project) => `/api/projects/${projectId}/reviews/control/${objectId}${suffix}`;
const notificationsOf = async (who: string) => (await (await as(who))({ method: 'GET', url: '/api/notifications?size=50' })).json().items as { name: string; message: string; object_id: string | null }[];

/** A new member of Demo Organization who reviews on the demo project; answers their id and an inject signed in as them. */
async function reviewerPerson(firstname: string) {
  const [user] = await t.db.insert(users).values({ email: uniqueEmail(firstname.toLowerCase()), firstname, lastname: 'Tester', termsAccepted: true }).returning();
  await membershipRepository.addMember(t.db, organization, user!.id, 'member');
  expect((await (await as('owner'))({ method: 'POST', url: `/api/users/${user!.id}/roles?role=reviewer&project_id=${project}` })).statusCode).toBe(200);
  return { id: user!.id, inject: await t.login(user!.email) };
}

describe('changing the reviewers recounts the decisions', () => {
  it('rule "all": removing the one reviewer still to decide when everyone remaining approved approves it', async () => {
    const late = await reviewerPerson('Lara');
    const target = await control('MFF-1.CON.01');
    const editor = await as('editor');
    await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, ids.auditor, late.id], rule: 'all' } });
    await (await as('reviewer'))({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved', comment: 'Fine' } });
    await (await as('auditor'))({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved', comment: 'Agreed' } });
    const changed = await editor({ method: 'PATCH', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, ids.auditor] } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ status: 'approved' });
    expect((await control('MFF-1.CON.01')).status).toBe('approved');
    const log = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${target.id}` })).json().items as { action: string; actor: { id: string } | null; after: Record<string, unknown> }[];
    expect(log.find((e) => e.action === 'review_recounted')?.after).toMatchObject({ reason: 'reviewers_changed', outcome: 'approved' });
    // The approval is the last approver's, never the requester's who changed the list.
    expect(log.find((e) => e.action === 'status_changed' && e.after.status === 'approved')?.actor?.id).toBe(ids.auditor);
    const list = (await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/controls?size=250` })).json().items as { control_code: string; review_status: string }[];
    expect(list.find((c) => c.control_code === 'MFF-1.CON.01')?.review_status).toBe('approved');
  });

  it('rule "all": adding a reviewer after approvals keeps it pending until they approve', async () => {
    const added = await reviewerPerson('Abe');
    const target = await control('MFF-1.CON.02');
    const editor = await as('editor');
    await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, ids.auditor], rule: 'all' } });
    await (await as('reviewer'))({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved' } });
    const changed = await editor({ method: 'PATCH', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, added.id] } });
    expect(changed.json().status).toBe('in_review');
    expect((await added.inject({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved' } })).json().status).toBe('approved');
  });

  it('rule "all": approvals given to content that changed since are not enough: the review is cancelled, not approved', async () => {
    const late = await reviewerPerson('Max');
    const target = await control('MFF-1.CON.03');
    const editor = await as('editor');
    await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, late.id], rule: 'all' } });
    await (await as('reviewer'))({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved' } });
    await editor({ method: 'PATCH', url: `/api/projects/${project}/controls/MFF-1.CON.03`, payload: { notes: 'Rewritten after the approval' } });
    const changed = await editor({ method: 'PATCH', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer] } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().status).toBe('cancelled');
    expect((await control('MFF-1.CON.03')).status).toBe(changed.json().status_before);
  });

  it('rule "any": removing one reviewer leaves the review waiting for the other, who still decides', async () => {
    const target = await control('MFF-1.CON.04');
    const editor = await as('editor');
    await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, ids.auditor] } });
    const changed = await editor({ method: 'PATCH', url: reviewsUrl(target.id), payload: { reviewers: [ids.auditor] } });
    expect(changed.json()).toMatchObject({ status: 'in_review', reviewers: [{ reviewer: { id: ids.auditor }, decision: 'pending' }] });
    expect((await (await as('auditor'))({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved' } })).json().status).toBe('approved');
  });
});

describe('detaching a framework', () => {
  it('cancels the pending reviews of the controls it removes, in the same change, logged and told; shared controls keep theirs', async () => {
    const admin = await as('admin');
    const created = await admin({ method: 'POST', url: '/api/projects', payload: { name: `Detach ${Math.random().toString(36).slice(2, 8)}`, project_type: 'ai_application', frameworks: ['EU_AI_ACT', 'NIST_AI_RMF'] } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    for (const [who, role] of [['editor', 'editor'], ['reviewer', 'reviewer']] as const) {
      expect((await admin({ method: 'POST', url: `/api/users/${ids[who]}/roles?role=${role}&project_id=${id}` })).statusCode).toBe(200);
    }
    // Which controls only the EU AI Act brings: those a NIST-only project does not have.
    const nistOnly = (await admin({ method: 'POST', url: '/api/projects', payload: { name: `NIST ${Math.random().toString(36).slice(2, 8)}`, project_type: 'ai_application', frameworks: ['NIST_AI_RMF'] } })).json().id as string;
    const codesOf = async (projectId: string) => (await t.db.select().from(projectControls).where(and(eq(projectControls.projectId, projectId), isNull(projectControls.detachedAt)))).map((c) => c.controlCode);
    const nistCodes = new Set(await codesOf(nistOnly));
    const all = await codesOf(id);
    const leaving = all.filter((code) => !nistCodes.has(code)).sort();
    const staying = all.filter((code) => nistCodes.has(code)).sort();
    expect(leaving.length).toBeGreaterThan(0);
    expect(staying.length).toBeGreaterThan(0);

    const editor = await as('editor');
    const gone = await control(leaving[0]!, id);
    const kept = await control(staying[0]!, id);
    for (const target of [gone, kept]) {
      expect((await editor({ method: 'POST', url: reviewsUrl(target.id, '', id), payload: { reviewers: [ids.reviewer], message: 'Please check' } })).statusCode).toBe(201);
    }
    const [pendingGone] = (await editor({ method: 'GET', url: reviewsUrl(gone.id, '', id) })).json() as ReviewBody[];

    expect((await admin({ method: 'DELETE', url: `/api/projects/${id}/frameworks/EU_AI_ACT` })).statusCode).toBe(204);

    const reviews = (await editor({ method: 'GET', url: `/api/projects/${id}/reviews/control?size=50` })).json().items as (ReviewBody & { object_id: string })[];
    expect(reviews.find((r) => r.object_id === gone.id)).toMatchObject({ status: 'cancelled', reviewers: [{ decision: 'cancelled' }] });
    expect(reviews.find((r) => r.object_id === kept.id)?.status).toBe('in_review');
    const log = (await editor({ method: 'GET', url: `/api/projects/${id}/logs/${gone.id}` })).json().items as { action: string; after: Record<string, unknown> }[];
    expect(log.find((e) => e.action === 'review_cancelled')?.after).toMatchObject({ review_id: pendingGone!.id, reason: 'framework_removed', framework_code: 'EU_AI_ACT' });
    const told = (await notificationsOf('editor')).find((n) => n.object_id === pendingGone!.id && n.name.startsWith('Review cancelled'));
    expect(told?.message).toContain('EU AI Act');
    const queue = (await (await as('reviewer'))({ method: 'GET', url: '/api/users/me/reviews?size=100' })).json().items as { id: string }[];
    expect(queue.map((r) => r.id)).not.toContain(pendingGone!.id);

    // The control comes back with the framework in the status it had before the review, reviewable again.
    expect((await admin({ method: 'POST', url: `/api/projects/${id}/frameworks`, payload: { framework_code: 'EU_AI_ACT' } })).statusCode).toBe(201);
    expect((await control(leaving[0]!, id)).status).toBe(pendingGone!.status_before);
    expect((await editor({ method: 'POST', url: reviewsUrl(gone.id, '', id), payload: { reviewers: [ids.reviewer] } })).statusCode).toBe(201);
  });

  it('a review left pending on a control detached before this fix is cancelled by the migration, the control back to its status before', async () => {
    const target = await control('MFF-1.CON.05');
    const editor = await as('editor');
    expect((await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer] } })).statusCode).toBe(201);
    const [pending] = (await editor({ method: 'GET', url: reviewsUrl(target.id) })).json() as ReviewBody[];
    // The state the old detach left: the control gone from the project, its review pending, nobody able to settle it.
    await t.db.execute(sql`update project_controls set detached_at = now() where id = ${target.id}`);
    expect((await editor({ method: 'DELETE', url: reviewsUrl(target.id) })).statusCode).toBe(404);
    const file = readdirSync(new URL('../drizzle/', import.meta.url)).find((name) => name.endsWith('_cancel_reviews_of_detached_objects.sql'));
    expect(file).toBeDefined();
    for (const statement of readFileSync(new URL(`../drizzle/${file}`, import.meta.url), 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await t.db.execute(sql.raw(statement));
    }
    await t.db.execute(sql`update project_controls set detached_at = null where id = ${target.id}`);
    const [after] = (await editor({ method: 'GET', url: reviewsUrl(target.id) })).json() as ReviewBody[];
    expect(after).toMatchObject({ id: pending!.id, status: 'cancelled', reviewers: [{ decision: 'cancelled' }] });
    expect((await control('MFF-1.CON.05')).status).toBe(pending!.status_before);
    const log = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${target.id}` })).json().items as { action: string; after: Record<string, unknown> }[];
    expect(log.find((e) => e.action === 'review_cancelled')?.after).toMatchObject({ review_id: pending!.id, reason: 'object_removed', label: expect.stringContaining('MFF-1.CON.05') });
    expect(log.find((e) => e.action === 'status_changed')?.after).toMatchObject({ status: pending!.status_before, via: 'review' });
  });
});
