import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityLogs, comments } from '../../src/db/schema';
import { sharedPdfPool } from '../../src/lib/pdf-pool';
import { COMMENT_EXPORT_LIMIT } from '../../src/modules/comments/comment-export-section';
import { ACTIVITY_EXPORT_LIMIT } from '../../src/modules/logs/activity-export-section';
import { displayDateTime } from '../../src/lib/display-date';
import { EXPORT_RATE_LIMIT } from '../../src/modules/projects/routes';
import { organizationId } from '../factories';
import { build, type TestApp } from '../helper';
import { pdfText, squeezed } from '../pdf-text';

// The security finding "one export freezes the server": an export is limited per user, renders a bounded
// number of entries, and is drawn off the event loop so that everyone else keeps being answered.

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const exportOf = (projectId: string) => ({ method: 'GET' as const, url: `/api/projects/${projectId}/export` });
// Long before the test runs, so that the project's own creation is its newest activity.
const BASE = Date.parse('2020-01-02T03:04:00Z');
const label = (n: number) => `C-${String(n).padStart(4, '0')}-`;
/** The newest comment: as long as a comment may be (5,000 characters), with a run no line can hold (a pasted token). */
const longest = (n: number) => `${label(n)} ${'y'.repeat(300)} ${'The bias audit found no disparity above the threshold. '.repeat(90)}`.slice(0, 4985) + ' END-OF-LONGEST';

/** A project of the owner with `total` comments a minute apart (the newest is 5,000 characters) and more activity than a report shows. */
async function longProject(name: string, total: number) {
  const owner = await t.login('owner@demo.local');
  const project = (await owner({ method: 'POST', url: '/api/projects', payload: { name, project_type: 'organization' } })).json();
  const me = (await owner({ method: 'GET', url: '/api/users/me' })).json();
  const scope = { organizationId: await organizationId(t, 'Demo Organization'), projectId: project.id as string };
  const filler = 'A reviewer writes at length about the model card. '.repeat(10);
  const rows = Array.from({ length: total }, (_, i) => {
    const n = i + 1;
    const body = n === total ? longest(n) : `${label(n)} ${filler}`;
    return { ...scope, objectType: 'project', objectId: project.id, authorId: me.id, body, createdAt: new Date(BASE + n * 60_000) };
  });
  await t.db.insert(comments).values(rows);
  const entries = Array.from({ length: ACTIVITY_EXPORT_LIMIT + 7 }, (_, i) => ({
    ...scope,
    actorId: me.id,
    objectType: 'requirement',
    objectId: `requirement-${i}`,
    action: 'reviewed',
    createdAt: new Date(BASE + i * 60_000),
  }));
  await t.db.insert(activityLogs).values(entries);
  return { owner, project };
}

describe('project export limits', () => {
  it(`lets one user export ${EXPORT_RATE_LIMIT.max} times a minute, then answers 429 with Retry-After; another user is not affected`, async () => {
    // A small project, so that the limit is what the test measures, not the drawing of big reports.
    const auditor = await t.login('reviewer@demo.local');
    const projectId = (await auditor({ method: 'POST', url: '/api/projects', payload: { name: 'Rate limited', project_type: 'organization' } })).json().id as string;
    for (let n = 0; n < EXPORT_RATE_LIMIT.max; n += 1) expect((await auditor(exportOf(projectId))).statusCode).toBe(200);

    // A new token is the same person: the count follows the user, not the token or the address.
    const again = await t.login('reviewer@demo.local');
    const refused = await again({ ...exportOf(projectId), remoteAddress: '10.9.8.7' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: expect.stringMatching(/^Too many requests; try again in \d+ seconds$/), code: 'too_many_requests' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const admin = await t.login('admin@demo.local');
    expect((await admin(exportOf(projectId))).statusCode).toBe(200);
  });

  it(`renders the latest ${COMMENT_EXPORT_LIMIT} comments and ${ACTIVITY_EXPORT_LIMIT} activity entries, says how many it left out, and keeps long comments whole`, async () => {
    const total = COMMENT_EXPORT_LIMIT + 5;
    const { owner, project } = await longProject('Long discussion', total);
    const response = await owner(exportOf(project.id));
    expect(response.statusCode).toBe(200);
    const text = squeezed((await pdfText(response.rawPayload)).text);

    const activityTotal = ACTIVITY_EXPORT_LIMIT + 7 + 1; // the filler entries and the project's creation
    expect(text).toContain(squeezed(`Showing the latest ${COMMENT_EXPORT_LIMIT} of ${total} comments. The 5 older comments are not in this report; the project's discussion in Aegis holds them all.`));
    expect(text).toContain(squeezed(`Showing the latest ${ACTIVITY_EXPORT_LIMIT} of ${activityTotal} entries. The 8 older entries are not in this report;`));
    for (let n = 1; n <= 5; n += 1) expect(text).not.toContain(label(n));
    for (const n of [6, 100, total - 1]) expect(text).toContain(label(n));
    // Oldest first among those shown, and the newest in full, 5,000 characters, with its time of day.
    expect(text.indexOf(label(6))).toBeLessThan(text.indexOf(label(total - 1)));
    // It runs over a page break (where the footer's text comes between), and its long run breaks across
    // lines with a hyphen at each break; nothing of it is lost.
    expect(longest(total)).toHaveLength(5000);
    const withoutFooters = text.replace(/Longdiscussion·timesinUTCPage\d+of\d+/g, '').replace(/-/g, '');
    expect(withoutFooters).toContain(squeezed(longest(total)).replace(/-/g, ''));
    expect(text).toContain(squeezed(`Olivia Owner · ${displayDateTime(new Date(BASE + total * 60_000))}`));
    // Activity, newest first: the project's creation and 499 entries, down to the one of 03:12; the 8 before it are left out.
    expect(text).toContain(squeezed('02-01-2020 03:12 Olivia Owner reviewed · requirement'));
    expect(text).not.toContain(squeezed('02-01-2020 03:11 Olivia Owner reviewed'));
  });

  it('draws the PDF in a worker thread: the server answers other requests while a report is being drawn', async () => {
    const { project } = await longProject('Drawn elsewhere', COMMENT_EXPORT_LIMIT);
    const admin = await t.login('admin@demo.local');
    let settled = false;
    const exporting = admin(exportOf(project.id)).finally(() => (settled = true));

    await vi.waitFor(() => expect(sharedPdfPool.stats().rendering).toBeGreaterThan(0), { timeout: 20_000, interval: 5 });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const me = await admin({ method: 'GET', url: '/api/users/me' });
    expect(health.statusCode).toBe(200);
    expect(me.statusCode).toBe(200);
    // Both were answered while the report was still being drawn.
    expect(settled).toBe(false);

    const response = await exporting;
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sharedPdfPool.stats()).toMatchObject({ rendering: 0, queued: 0 });
  });
});
