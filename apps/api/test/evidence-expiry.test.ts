import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../src/db/schema';
import { localStorage } from '../src/lib/storage/local-storage';
import { evidenceExpiryJob } from '../src/modules/evidence/evidence-expiry-job';
import { uploadEvidence } from './factories';
import { build, type TestApp } from './helper';

// Validity (issue 21, item 3): the daily job reminds owners a week and a day ahead, marks expired
// evidence and flags the controls it supported; a new date or a new version starts over. Time moves by
// the app's clock.
let t: TestApp;
let root: string;
let project: string;
const ids: Record<string, string> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'evapi-expiry-'));
  t = await build({}, { storage: localStorage(root) });
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  for (const who of ['owner', 'editor', 'reviewer']) ids[who] = (await t.db.select().from(users).where(eq(users.email, `${who}@demo.local`)))[0]!.id;
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const as = (who: string) => t.login(`${who}@demo.local`);
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const day = (offset = 0) => new Date(t.clock.now().getTime() + offset * DAY).toISOString().slice(0, 10);
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');
const run = () => evidenceExpiryJob.run({ data: undefined, deps: t.app.deps, log: { info: () => {}, warn: () => {} }, attempt: 1 }) as Promise<{ reminded: number; expired: number }>;
const notices = async (userId: string, evidenceId: string) => rows<{ name: string }>(await t.db.execute(sql`select name from notifications where user_id = ${userId} and object_id = ${evidenceId} and name like 'Evidence %' order by created_at, name`)).map((n) => n.name);
const control = async (code: string) => (await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/controls/${code}` })).json() as { id: string; needs_attention: boolean; needs_attention_reason: string | null };
const evidence = async (id: string) => (await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/evidence/${id}` })).json() as { expiry_state: string; expires_on: string | null };

async function upload(name: string, expiresIn: number, code?: string) {
  const response = await uploadEvidence(await as('editor'), project, `${name} body`, { filename: `${name}.txt`, query: { name, expires_on: day(expiresIn), ...(code ? { component_id: code } : {}) } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; expires_on: string };
}

describe('the daily evidence job', () => {
  it('is registered to run daily and at start', () => {
    expect(t.app.deps.jobs.definitions.map((j) => j.name)).toContain('evidence_expiry');
    expect(evidenceExpiryJob.schedule).toEqual({ cron: '0 6 * * *', everyMinutes: 1440 });
  });

  it('reminds the owners a week ahead and the day before, once each; then marks it expired and flags its controls', async () => {
    const file = await upload('Penetration test', 10, 'MFF-1.SEC.01');
    const owner = await as('owner');
    expect((await owner({ method: 'PUT', url: `/api/projects/${project}/evidence/${file.id}/assignees`, payload: { assignees: [ids.owner, ids.editor], reviewers: [] } })).statusCode).toBe(200);
    await run();
    expect(await notices(ids.owner!, file.id)).toEqual([]);
    expect((await evidence(file.id)).expiry_state).toBe('valid');

    t.clock.advance(3 * DAY);
    await run();
    await run();
    expect(await notices(ids.owner!, file.id)).toEqual(['Evidence expires in 7 days: Penetration test']);
    expect(await notices(ids.editor!, file.id)).toEqual(['Evidence expires in 7 days: Penetration test']);
    expect((await evidence(file.id)).expiry_state).toBe('expiring');

    t.clock.advance(6 * DAY);
    await run();
    expect(await notices(ids.owner!, file.id)).toEqual(['Evidence expires in 7 days: Penetration test', 'Evidence expires tomorrow: Penetration test']);

    t.clock.advance(2 * DAY);
    const result = await run();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await run()).toMatchObject({ expired: 0 });
    expect(await notices(ids.owner!, file.id)).toContain('Evidence expired: Penetration test');
    expect((await evidence(file.id)).expiry_state).toBe('expired');
    const flagged = await control('MFF-1.SEC.01');
    expect(flagged).toMatchObject({ needs_attention: true, needs_attention_reason: `Evidence “Penetration test” expired on ${ddmmyyyy(file.expires_on)}` });
    const log = rows<{ action: string; object_type: string }>(await t.db.execute(sql`select action, object_type from activity_logs where object_id in (${file.id}, ${flagged.id}) and action in ('expired', 'evidence_expired')`));
    expect(log.map((l) => `${l.object_type}:${l.action}`).sort()).toEqual(['control:evidence_expired', 'evidence:expired']);
    // A fresh token: the clock moved past the first one's lifetime.
    const expiredList = (await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/evidence?expiry_state=expired` })).json();
    expect(expiredList.items.map((i: { id: string }) => i.id)).toContain(file.id);

    // A later expiry date starts over: the flag goes, the reminders will come again.
    const moved = await (await as('editor'))({ method: 'PATCH', url: `/api/projects/${project}/evidence/${file.id}`, payload: { expires_on: day(30) } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().expiry_state).toBe('valid');
    expect(await control('MFF-1.SEC.01')).toMatchObject({ needs_attention: false, needs_attention_reason: null });
    const row = rows<{ expired_at: Date | null; expiry_reminders_sent: number }>(await t.db.execute(sql`select expired_at, expiry_reminders_sent from evidences where id = ${file.id}`))[0]!;
    expect(row).toEqual({ expired_at: null, expiry_reminders_sent: 0 });
    t.clock.advance(23 * DAY);
    await run();
    expect((await notices(ids.owner!, file.id)).filter((n) => n.startsWith('Evidence expires in 7 days'))).toHaveLength(2);
  });

  it('tells the uploader when nobody is assigned; a new version lifts the flag; another reason on the control is left alone', async () => {
    const file = await upload('Model card', 1, 'MFF-1.DOC.02');
    const other = await upload('Data sheet', 1, 'MFF-1.DOC.02');
    await run();
    expect(await notices(ids.editor!, file.id)).toEqual(['Evidence expires tomorrow: Model card']);
    t.clock.advance(2 * DAY);
    await run();
    const flagged = await control('MFF-1.DOC.02');
    expect(flagged.needs_attention_reason).toMatch(/^Evidence “(Model card|Data sheet)” expired on /);
    // A new version of one: the other still holds the control's flag, named.
    expect((await uploadEvidence(await as('editor'), project, 'Model card v2', { evidenceId: file.id })).statusCode).toBe(201);
    expect((await evidence(file.id)).expiry_state).toBe('none');
    expect((await control('MFF-1.DOC.02')).needs_attention_reason).toMatch(/^Evidence “Data sheet” expired on /);
    // Detaching the other clears it.
    expect((await (await as('editor'))({ method: 'DELETE', url: `/api/projects/${project}/controls/MFF-1.DOC.02/evidence/${other.id}` })).statusCode).toBe(204);
    expect(await control('MFF-1.DOC.02')).toMatchObject({ needs_attention: false, needs_attention_reason: null });

    // A control flagged for another reason keeps it, through expiry and its lifting alike.
    await t.db.execute(sql`update project_controls set needs_attention = true, needs_attention_reason = 'Requirement changed' where id = ${flagged.id}`);
    const third = await upload('Checklist', 1, 'MFF-1.DOC.02');
    t.clock.advance(2 * DAY);
    expect((await run()).expired).toBe(1);
    expect((await control('MFF-1.DOC.02')).needs_attention_reason).toBe('Requirement changed');
    expect((await (await as('editor'))({ method: 'PATCH', url: `/api/projects/${project}/evidence/${third.id}`, payload: { expires_on: null } })).json().expiry_state).toBe('none');
    expect(await control('MFF-1.DOC.02')).toMatchObject({ needs_attention: true, needs_attention_reason: 'Requirement changed' });
  });
});
