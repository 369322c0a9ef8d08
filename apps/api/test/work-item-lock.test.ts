import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../src/db/schema';
import { uploadEvidence } from './factories';
import { build, type TestApp } from './helper';
import { pdfText, squeezed } from './pdf-text';

// Locked means locked (issue 17, item 5): every write that changes what was approved goes through the
// one lock rule of the work-item module, on the single and the bulk paths; who works on it may change.
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
const url = (suffix = '') => `/api/projects/${project}/controls${suffix}`;
const control = async (code: string) => (await (await as('owner'))({ method: 'GET', url: url(`/${code}`) })).json() as { id: string; status: string; locked: boolean; notes: string; status_history: { from: string; to: string; justification: string | null }[] };

/** Approves the control through a real review: the editor asks, Rita approves. */
async function approve(code: string) {
  const target = await control(code);
  const editor = await as('editor');
  expect((await editor({ method: 'POST', url: `/api/projects/${project}/reviews/control/${target.id}`, payload: { reviewers: [ids.reviewer!] } })).statusCode).toBe(201);
  const decided = await (await as('reviewer'))({ method: 'PATCH', url: `/api/projects/${project}/reviews/control/${target.id}/decision`, payload: { decision: 'approved', comment: 'Looks complete' } });
  expect(decided.statusCode).toBe(200);
  expect((await control(code)).status).toBe('approved');
  return target.id;
}

describe('an approved control', () => {
  it('refuses a new assessment with a clear detail, and keeps the ones it had', async () => {
    const code = 'MFF-1.GOV.03';
    const auditor = await as('auditor');
    expect((await auditor({ method: 'POST', url: url(`/${code}/assessments`), payload: { result: 'partially_met', rationale: 'Before approval' } })).statusCode).toBe(201);
    await approve(code);
    const refused = await auditor({ method: 'POST', url: url(`/${code}/assessments`), payload: { result: 'not_met', rationale: 'After approval' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'locked' });
    expect(refused.json().detail).toMatch(/approved.*reopen it first/);
    const history = (await auditor({ method: 'GET', url: url(`/${code}/assessments`) })).json();
    expect(history.items.map((a: { rationale: string }) => a.rationale)).toEqual(['Before approval']);
  });

  it('refuses content changes but lets who works on it change', async () => {
    const code = 'MFF-1.GOV.04';
    await approve(code);
    const owner = await as('owner');
    for (const payload of [{ notes: 'late' }, { due_date: '2027-05-01' }, { tags: [] }]) {
      const refused = await owner({ method: 'PATCH', url: url(`/${code}`), payload });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('locked');
    }
    const people = await owner({ method: 'PATCH', url: url(`/${code}/assignees`), payload: { assignees: [ids.auditor!], reviewers: [ids.reviewer!] } });
    expect(people.statusCode).toBe(200);
    expect(people.json()).toMatchObject({ status: 'approved', locked: true, assignees: [expect.objectContaining({ id: ids.auditor })] });
  });
});

describe('the bulk change', () => {
  it('refuses the approved controls, changes the others, and says which it refused and why', async () => {
    const approvedId = await approve('MFF-1.GOV.05');
    const owner = await as('owner');
    const codes = ['MFF-1.GOV.06', 'MFF-1.GOV.05', 'MFF-1.GOV.07'];
    const before = await Promise.all(codes.map(control));
    const response = await owner({ method: 'POST', url: url('/bulk'), payload: { control_codes: codes, status: 'in_progress' } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect([...body.updated].sort()).toEqual([before[0]!.id, before[2]!.id].sort());
    expect(body.refused).toEqual([{ id: approvedId, control_code: 'MFF-1.GOV.05', code: 'locked', detail: expect.stringMatching(/approved.*reopen it first/) }]);
    // The approved one was not reopened behind anyone's back: same status, no new history entry.
    const after = await control('MFF-1.GOV.05');
    expect(after).toMatchObject({ status: 'approved', locked: true });
    expect(after.status_history[0]).toMatchObject({ to: 'approved' });
    expect((await control('MFF-1.GOV.06')).status).toBe('in_progress');
  });

  it('still assigns people to approved controls', async () => {
    await approve('MFF-1.GOV.08');
    const owner = await as('owner');
    const response = await owner({ method: 'POST', url: url('/bulk'), payload: { control_codes: ['MFF-1.GOV.08'], add_assignees: [ids.auditor!] } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ updated: [expect.any(String)], refused: [] });
  });
});

describe('reopening', () => {
  it('needs a reason, keeps it in the history and the export, and tells the reviewers who approved it', async () => {
    const code = 'MFF-1.GOV.09';
    await approve(code);
    const owner = await as('owner');
    const noReason = await owner({ method: 'PATCH', url: url(`/${code}`), payload: { status: 'in_progress' } });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().detail).toContain('justification');
    expect((await control(code)).status).toBe('approved');

    const reason = 'New scorecard version changes the cut-off';
    const reopened = await owner({ method: 'PATCH', url: url(`/${code}`), payload: { status: 'in_progress', justification: reason } });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'in_progress', locked: false });
    expect(reopened.json().status_change).toMatchObject({ from: 'approved', to: 'in_progress', justification: reason });
    expect((await control(code)).status_history[0]).toMatchObject({ from: 'approved', to: 'in_progress', justification: reason });

    const target = await control(code);
    const log = (await owner({ method: 'GET', url: `/api/projects/${project}/logs/${target.id}` })).json().items;
    expect(log.find((e: { action: string; after: { status?: string } }) => e.action === 'status_changed' && e.after.status === 'in_progress').after).toMatchObject({ justification: reason, via: 'reopened' });

    const note = (await (await as('reviewer'))({ method: 'GET', url: '/api/notifications' })).json().items[0];
    expect(note).toMatchObject({ name: expect.stringContaining(`Reopened: ${code}`), message: expect.stringContaining(reason) });
    // The requester did not approve it: they are not told of the reopening as an approver.
    const editorNotes = (await (await as('editor'))({ method: 'GET', url: '/api/notifications' })).json().items;
    expect(editorNotes.some((n: { name: string }) => n.name.includes(`Reopened: ${code}`))).toBe(false);

    const pdf = await owner({ method: 'GET', url: `/api/projects/${project}/export` });
    expect(pdf.statusCode).toBe(200);
    const text = squeezed((await pdfText(pdf.rawPayload)).text);
    expect(text).toContain(squeezed(reason));
    expect(text).toContain(squeezed('Reopened by Olivia Owner'));
  }, 180_000); // the export renders the whole demo project as a PDF: slow on a busy machine

  it('through a forced review request also tells the approvers', async () => {
    const code = 'MFF-1.GOV.10';
    const id = await approve(code);
    const owner = await as('owner');
    const again = await owner({ method: 'POST', url: `/api/projects/${project}/reviews/control/${id}?force_update_status=true`, payload: { reviewers: [ids.auditor!], justification: 'Model retrained' } });
    expect(again.statusCode).toBe(201);
    const note = (await (await as('reviewer'))({ method: 'GET', url: '/api/notifications' })).json().items[0];
    expect(note).toMatchObject({ name: expect.stringContaining(`Reopened: ${code}`), message: expect.stringContaining('Model retrained') });
  });
});

describe('a change racing an approval', () => {
  it('either lands before it (the approval is refused as stale) or is refused as locked: what was approved is what was reviewed', async () => {
    for (const code of ['MFF-1.GOV.11', 'MFF-1.GOV.12']) {
      const target = await control(code);
      const editor = await as('editor');
      const owner = await as('owner');
      expect((await editor({ method: 'POST', url: `/api/projects/${project}/reviews/control/${target.id}`, payload: { reviewers: [ids.reviewer!] } })).statusCode).toBe(201);
      const reviewer = await as('reviewer');
      const [decision, ...edits] = await Promise.all([
        reviewer({ method: 'PATCH', url: `/api/projects/${project}/reviews/control/${target.id}/decision`, payload: { decision: 'approved', comment: 'Fine' } }),
        ...Array.from({ length: 4 }, (_, i) => (i % 2 ? owner : editor)({ method: 'PATCH', url: url(`/${code}`), payload: { notes: `late edit ${i}` } })),
      ]);
      const landed = edits.filter((e) => e.statusCode === 200);
      expect(edits.filter((e) => e.statusCode !== 200).map((e) => [e.statusCode, e.json().code])).toEqual(Array.from({ length: edits.length - landed.length }, () => [409, 'locked']));
      const after = await control(code);
      if (decision.statusCode === 200) {
        // Approved: nothing landed after it, and nothing before it either (it would have made the review stale).
        expect(landed).toHaveLength(0);
        expect(after).toMatchObject({ status: 'approved', locked: true, notes: target.notes });
      } else {
        expect([decision.statusCode, decision.json().code]).toEqual([409, 'review_stale']);
        expect(landed.length).toBeGreaterThan(0);
        expect(after.status).toBe('in_review');
        expect(landed.map((e) => e.json().notes)).toContain(after.notes);
      }
    }
  });
});

// Issue 29, item 5: removing every framework, deleting what an approved control held and re-applying
// them brought the control back approved without its evidence and with no entry in its log.
describe('removing the frameworks of an approved control', () => {
  it('is refused while it is approved, naming how many and what to do: what it holds stays held', async () => {
    const code = 'MFF-1.GOV.13';
    const editor = await as('editor');
    const uploaded = await uploadEvidence(editor, project, 'Signed RACI', { filename: 'raci.txt' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const evidenceId = uploaded.json().id as string;
    expect((await editor({ method: 'PUT', url: url(`/${code}/evidence/${evidenceId}`) })).statusCode).toBe(204);
    const id = await approve(code);
    const logBefore = (await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/logs/${id}` })).json().total;

    const owner = await as('owner');
    const frameworks = (await owner({ method: 'GET', url: `/api/projects/${project}/frameworks` })).json().items.map((f: { framework_code: string }) => f.framework_code) as string[];
    const refusals: { code: string; detail: string }[] = [];
    for (const framework of frameworks) {
      const removed = await owner({ method: 'DELETE', url: `/api/projects/${project}/frameworks/${framework}` });
      expect([204, 409], removed.body).toContain(removed.statusCode);
      if (removed.statusCode === 409) refusals.push(removed.json());
    }
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ code: 'locked', detail: expect.stringMatching(/cannot be removed: \d+ approved controls? .*reopen/) });
    }
    // Still in the project, approved, holding its evidence; nothing was written in its log.
    expect(await control(code)).toMatchObject({ status: 'approved', locked: true });
    const deleted = await owner({ method: 'DELETE', url: `/api/projects/${project}/evidence/${evidenceId}` });
    expect([deleted.statusCode, deleted.json().code]).toEqual([409, 'held_by_approved_control']);
    expect((await owner({ method: 'GET', url: `/api/projects/${project}/logs/${id}` })).json().total).toBe(logBefore);
  });
});
