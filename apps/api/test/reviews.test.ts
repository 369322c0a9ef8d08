import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../src/db/schema';
import { build, type TestApp } from './helper';
import { pdfText } from './pdf-text';

let t: TestApp;
let project: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await build();
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  for (const who of ['owner', 'editor', 'reviewer', 'auditor', 'admin']) ids[who] = (await t.db.select().from(users).where(eq(users.email, `${who}@demo.local`)))[0]!.id;
});
afterAll(() => t.close());

const as = (who: string) => t.login(`${who}@demo.local`);
const control = async (code: string) => (await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/controls/${code}` })).json() as { id: string; status: string; locked: boolean };
const reviewsUrl = (objectId: string, suffix = '') => `/api/projects/${project}/reviews/control/${objectId}${suffix}`;

describe('requesting a review', () => {
  it('moves the control to in_review, notifies the reviewers, and refuses a second request', async () => {
    const target = await control('MFF-1.GOV.05');
    const editor = await as('editor');
    const requested = await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer], message: 'Policy attached', due_date: '2027-02-01' } });
    expect(requested.statusCode).toBe(201);
    expect(requested.json()).toMatchObject({ status: 'in_review', status_before: 'ready', status_requested: 'approved', rule: 'any', requested_by: { id: ids.editor }, object_label: expect.stringContaining('MFF-1.GOV.05'), stale: false });
    expect((await control('MFF-1.GOV.05')).status).toBe('in_review');
    const reviewer = await as('reviewer');
    const note = (await reviewer({ method: 'GET', url: '/api/notifications' })).json().items[0];
    expect(note).toMatchObject({ name: expect.stringContaining('Review requested: MFF-1.GOV.05'), link: expect.stringContaining('/control-detail/MFF-1.GOV.05') });
    expect((await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.auditor] } })).statusCode).toBe(409);
    const changeStatus = await editor({ method: 'PATCH', url: `/api/projects/${project}/controls/MFF-1.GOV.05`, payload: { status: 'ready' } });
    expect(changeStatus.json().code).toBe('review_pending');
    const queue = (await reviewer({ method: 'GET', url: '/api/users/me/reviews' })).json();
    expect(queue.items.map((r: { object_id: string }) => r.object_id)).toContain(target.id);
    expect(queue.items[0].project_name).toBe('Credit Scoring Model');
    // The log names the control and the reviewers, for the activity sentence.
    const log = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${target.id}` })).json().items;
    expect(log.find((e: { action: string }) => e.action === 'review_requested').after).toMatchObject({ reviewer_names: ['Rita Reviewer'], label: expect.stringContaining('MFF-1.GOV.05'), rule: 'any' });
  });

  it('names only project members who may decide, never the requester, and hides other projects', async () => {
    const target = await control('MFF-1.GOV.06');
    const editor = await as('editor');
    const notDecider = await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.admin] } });
    expect(notDecider.statusCode).toBe(422);
    expect(notDecider.json().detail).toContain('Alice Admin');
    expect((await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.editor] } })).statusCode).toBe(422);
    expect((await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [] } })).statusCode).toBe(422);
    const unknown = await editor({ method: 'POST', url: `/api/projects/${project}/reviews/spaceship/${target.id}`, payload: { reviewers: [ids.reviewer] } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toContain('known concepts are control');
    expect((await editor({ method: 'POST', url: reviewsUrl(project), payload: { reviewers: [ids.reviewer] } })).statusCode).toBe(404);
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'GET', url: reviewsUrl(target.id) })).statusCode).toBe(404);
    const other = (await (await t.login('outsider@other.local'))({ method: 'POST', url: '/api/projects', payload: { name: 'Elsewhere', project_type: 'organization', frameworks: ['MFF-1'] } })).json();
    // A control of Demo Organization named through a project of another organization is not found.
    expect((await outsider({ method: 'POST', url: `/api/projects/${other.id}/reviews/control/${target.id}`, payload: { reviewers: [ids.reviewer] } })).statusCode).toBe(404);
  });
});

describe('deciding', () => {
  it('lets only the named reviewers decide; a rejection needs a comment and sends it back to work; an approval locks it', async () => {
    const target = await control('MFF-1.GOV.07');
    const auditor = await as('auditor');
    await auditor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer] } });
    expect((await auditor({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved', comment: '' } })).statusCode).toBe(403);
    const owner = await as('owner');
    expect((await owner({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved' } })).statusCode).toBe(403);
    const reviewer = await as('reviewer');
    expect((await reviewer({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'rejected' } })).statusCode).toBe(422);
    expect((await reviewer({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'maybe', comment: 'x' } })).statusCode).toBe(422);
    const rejected = await reviewer({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'rejected', comment: 'No owner named' } });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reviewers: [expect.objectContaining({ decision: 'rejected', comment: 'No owner named' })] });
    const decided = (await reviewer({ method: 'GET', url: `/api/projects/${project}/logs/${target.id}` })).json().items.find((e: { action: string }) => e.action === 'review_decided');
    expect(decided.after).toMatchObject({ decision: 'rejected', outcome: 'rejected', comment: 'No owner named', label: expect.stringContaining('MFF-1.GOV.07') });
    expect((await control('MFF-1.GOV.07')).status).toBe('in_progress');
    expect((await reviewer({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved' } })).statusCode).toBe(409);

    await auditor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer] } });
    const approved = await reviewer({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved', comment: 'Owner named, policy signed' } });
    expect(approved.json().status).toBe('approved');
    expect(await control('MFF-1.GOV.07')).toMatchObject({ status: 'approved', locked: true });
    const note = (await auditor({ method: 'GET', url: '/api/notifications' })).json().items[0];
    expect(note.name).toContain('Approved: MFF-1.GOV.07');
    const history = (await reviewer({ method: 'GET', url: reviewsUrl(target.id) })).json();
    expect(history.map((r: { status: string }) => r.status)).toEqual(['approved', 'rejected']);
    // The report says who approved it, when and why.
    const pdf = await owner({ method: 'GET', url: `/api/projects/${project}/export` });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).text.replace(/\s+/g, '');
    expect(text).toContain('ApprovedbyRitaReviewer');
    expect(text).toContain('Ownernamed,policysigned');
  });

  it('with rule all, waits for every reviewer; one rejection rejects', async () => {
    const target = await control('MFF-1.GOV.08');
    const editor = await as('editor');
    await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, ids.auditor], rule: 'all' } });
    const first = await (await as('reviewer'))({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved' } });
    expect(first.json().status).toBe('in_review');
    expect((await control('MFF-1.GOV.08')).status).toBe('in_review');
    const second = await (await as('auditor'))({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved' } });
    expect(second.json().status).toBe('approved');
    expect((await control('MFF-1.GOV.08')).status).toBe('approved');
  });

  it('settles two decisions at the same instant exactly once', async () => {
    const editor = await as('editor');
    const [reviewer, auditor] = [await as('reviewer'), await as('auditor')];
    for (const code of ['MFF-1.RSK.02', 'MFF-1.RSK.03', 'MFF-1.RSK.04', 'MFF-1.RSK.05']) {
      const target = await control(code);
      await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer, ids.auditor] } });
      const results = await Promise.all([
        reviewer({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved', comment: 'ok' } }),
        auditor({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'rejected', comment: 'not yet' } }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json();
      expect((await control(code)).status).toBe(winner.status === 'approved' ? 'approved' : 'in_progress');
      const log = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${target.id}` })).json().items;
      expect(log.filter((e: { action: string }) => e.action === 'review_decided')).toHaveLength(1);
      expect(log.filter((e: { action: string; after: { via?: string } }) => e.action === 'status_changed' && e.after.via === 'review')).toHaveLength(2);
    }
  });

  it('marks a request stale when the control changes meanwhile, and refuses an approval of it', async () => {
    const target = await control('MFF-1.GOV.09');
    const editor = await as('editor');
    await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer] } });
    await editor({ method: 'PATCH', url: `/api/projects/${project}/controls/MFF-1.GOV.09`, payload: { notes: 'Changed after the request' } });
    const reviewer = await as('reviewer');
    const [pending] = (await reviewer({ method: 'GET', url: reviewsUrl(target.id) })).json();
    expect(pending).toMatchObject({ stale: true, changes: [{ field: 'notes', before: '', after: 'Changed after the request' }] });
    const approve = await reviewer({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved' } });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().code).toBe('review_stale');
    expect((await reviewer({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'rejected', comment: 'Changed since: request again' } })).statusCode).toBe(200);
  });
});

describe('changing, cancelling and forcing', () => {
  it('changes the pending reviewers (notifying the new ones) and cancels back to the previous status', async () => {
    const target = await control('MFF-1.GOV.10');
    const editor = await as('editor');
    await editor({ method: 'PATCH', url: `/api/projects/${project}/controls/MFF-1.GOV.10`, payload: { status: 'in_progress' } });
    await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer] } });
    const changed = await editor({ method: 'PATCH', url: reviewsUrl(target.id), payload: { reviewers: [ids.auditor] } });
    expect(changed.json().reviewers.map((r: { reviewer: { id: string } }) => r.reviewer.id)).toEqual([ids.auditor]);
    expect((await (await as('auditor'))({ method: 'GET', url: '/api/notifications' })).json().items[0].name).toContain('Review requested: MFF-1.GOV.10');
    expect((await (await as('reviewer'))({ method: 'PATCH', url: reviewsUrl(target.id, '/decision'), payload: { decision: 'approved' } })).statusCode).toBe(403);
    const cancelled = await editor({ method: 'DELETE', url: reviewsUrl(target.id) });
    expect(cancelled.json().status).toBe('cancelled');
    expect((await control('MFF-1.GOV.10')).status).toBe('in_progress');
    expect((await editor({ method: 'DELETE', url: reviewsUrl(target.id) })).statusCode).toBe(409);
    expect((await (await as('reviewer'))({ method: 'DELETE', url: reviewsUrl(target.id) })).statusCode).toBe(403);
  });

  it('forces a status only with reviews:force_update_status and a written justification', async () => {
    const target = await control('MFF-1.GOV.11');
    const editor = await as('editor');
    const owner = await as('owner');
    expect((await editor({ method: 'POST', url: reviewsUrl(target.id, '?force_update_status=true'), payload: { reviewers: [], justification: 'x' } })).statusCode).toBe(403);
    expect((await owner({ method: 'POST', url: reviewsUrl(target.id, '?force_update_status=true'), payload: { reviewers: [] } })).statusCode).toBe(422);
    const forced = await owner({ method: 'POST', url: reviewsUrl(target.id, '?force_update_status=true'), payload: { reviewers: [], justification: 'Approved by the board on 12-11-2026' } });
    expect(forced.json()).toMatchObject({ status: 'approved', forced: true, justification: 'Approved by the board on 12-11-2026' });
    expect((await control('MFF-1.GOV.11')).status).toBe('approved');
    // An approved control is reviewed again only by forcing: it is reopened first, with the reason logged.
    expect((await editor({ method: 'POST', url: reviewsUrl(target.id), payload: { reviewers: [ids.reviewer] } })).json().code).toBe('review_not_allowed');
    const again = await owner({ method: 'POST', url: reviewsUrl(target.id, '?force_update_status=true'), payload: { reviewers: [ids.reviewer], justification: 'New model version' } });
    expect(again.json()).toMatchObject({ status: 'in_review', status_before: 'in_progress', forced: true });
    const log = (await owner({ method: 'GET', url: `/api/projects/${project}/logs/${target.id}` })).json().items;
    expect(log.find((e: { action: string; after: { status?: string } }) => e.action === 'status_changed' && e.after.status === 'in_progress').after.justification).toBe('New model version');
  });

  it("lists the project's reviews of a concept, filtered by status and by who reviews", async () => {
    const reviewer = await as('reviewer');
    const mine = (await reviewer({ method: 'GET', url: `/api/projects/${project}/reviews/control?is_assigned_to_me=true&status=in_review` })).json();
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.items.every((r: { status: string; reviewers: { reviewer: { id: string } }[] }) => r.status === 'in_review' && r.reviewers.some((x) => x.reviewer.id === ids.reviewer))).toBe(true);
    const list = (await reviewer({ method: 'GET', url: `/api/projects/${project}/controls?size=250` })).json().items;
    expect(list.find((c: { control_code: string }) => c.control_code === 'MFF-1.GOV.07').review_status).toBe('approved');
  });
});
