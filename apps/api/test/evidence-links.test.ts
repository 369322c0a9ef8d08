import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../src/db/schema';
import { seedDemoEvidence } from '../src/demo/seed-evidence';
import { localStorage } from '../src/lib/storage/local-storage';
import { evidenceExpiryJob } from '../src/modules/evidence/evidence-expiry-job';
import { uploadEvidence } from './factories';
import { build, type TestApp } from './helper';
import { pdfText } from './pdf-text';

// Links between evidence and the project's controls and risks (issue 21): from either end, through the
// lock rule at both ends, logged on both, and gone with whichever end is deleted.
let t: TestApp;
let root: string;
let project: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'evapi-links-'));
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
const controlUrl = (code: string, evidenceId = '') => `/api/projects/${project}/controls/${code}/evidence${evidenceId ? `/${evidenceId}` : ''}`;
const riskUrl = (riskId: string, evidenceId = '') => `/api/projects/${project}/risks/${riskId}/evidence${evidenceId ? `/${evidenceId}` : ''}`;

async function evidence(name: string) {
  const response = await uploadEvidence(await as('editor'), project, `${name} content`, { filename: `${name}.txt`, query: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string };
}
async function risk(name: string) {
  const response = await (await as('editor'))({ method: 'POST', url: `/api/projects/${project}/risks`, payload: { name, likelihood: 2, impact: 2 } });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; reference: string };
}
const controlId = async (code: string) => ((await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/controls/${code}` })).json() as { id: string }).id;
async function approve(concept: 'evidence' | 'control' | 'risk', id: string) {
  expect((await (await as('editor'))({ method: 'POST', url: `/api/projects/${project}/reviews/${concept}/${id}`, payload: { reviewers: [ids.reviewer!] } })).statusCode).toBe(201);
  expect((await (await as('reviewer'))({ method: 'PATCH', url: `/api/projects/${project}/reviews/${concept}/${id}/decision`, payload: { decision: 'approved', comment: 'ok' } })).statusCode).toBe(200);
}
const log = async (objectId: string, like: string) => rows<{ action: string; after: { evidence?: string; control?: string; risk?: string } }>(await t.db.execute(sql`select action, after from activity_logs where object_id = ${objectId} and action like ${like} order by created_at`));

describe('from a control', () => {
  it('attaches an existing evidence (again changes nothing), lists it and detaches it, logging both ends', async () => {
    const file = await evidence('Logging policy');
    const editor = await as('editor');
    expect((await editor({ method: 'PUT', url: controlUrl('MFF-1.LOG.01', file.id) })).statusCode).toBe(204);
    expect((await editor({ method: 'PUT', url: controlUrl('MFF-1.LOG.01', file.id) })).statusCode).toBe(204);
    const listed = (await (await as('reviewer'))({ method: 'GET', url: controlUrl('MFF-1.LOG.01') })).json();
    expect(listed.items).toEqual([expect.objectContaining({ id: file.id, name: 'Logging policy', controls: [expect.objectContaining({ control_code: 'MFF-1.LOG.01' })] })]);
    const control = await controlId('MFF-1.LOG.01');
    expect((await log(control, 'evidence_%')).map((e) => [e.action, e.after.evidence])).toEqual([['evidence_linked', 'Logging policy']]);
    expect((await log(file.id, 'control_%')).map((e) => e.action)).toEqual(['control_linked']);
    expect((await editor({ method: 'DELETE', url: controlUrl('MFF-1.LOG.01', file.id) })).statusCode).toBe(204);
    const again = await editor({ method: 'DELETE', url: controlUrl('MFF-1.LOG.01', file.id) });
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toMatch(/is not linked to this control/);
    expect((await (await as('reviewer'))({ method: 'GET', url: controlUrl('MFF-1.LOG.01') })).json().items).toEqual([]);
    expect((await log(control, 'evidence_%')).map((e) => e.action)).toEqual(['evidence_linked', 'evidence_unlinked']);
  });

  it('needs evidences:update to link (403), and a control or evidence of the project (404)', async () => {
    const file = await evidence('Access review');
    expect((await (await as('reviewer'))({ method: 'PUT', url: controlUrl('MFF-1.SEC.01', file.id) })).statusCode).toBe(403);
    expect((await (await as('editor'))({ method: 'PUT', url: controlUrl('MFF-9.NONE.01', file.id) })).statusCode).toBe(404);
    expect((await (await as('editor'))({ method: 'PUT', url: controlUrl('MFF-1.SEC.01', '00000000-0000-4000-8000-000000000000') })).statusCode).toBe(404);
    expect((await (await as('editor'))({ method: 'GET', url: controlUrl('MFF-9.NONE.01') })).statusCode).toBe(404);
  });

  it('refuses a link to or from an approved control, and to an approved evidence (409 locked)', async () => {
    const file = await evidence('Incident runbook');
    const held = await evidence('Incident report');
    const editor = await as('editor');
    expect((await editor({ method: 'PUT', url: controlUrl('MFF-1.MON.04', held.id) })).statusCode).toBe(204);
    await approve('control', await controlId('MFF-1.MON.04'));
    const linking = await editor({ method: 'PUT', url: controlUrl('MFF-1.MON.04', file.id) });
    expect(linking.statusCode).toBe(409);
    expect(linking.json()).toMatchObject({ code: 'locked', detail: expect.stringMatching(/This control is approved and locked: a link to evidence “Incident runbook”/) });
    expect((await editor({ method: 'DELETE', url: controlUrl('MFF-1.MON.04', held.id) })).json().code).toBe('locked');
    await approve('evidence', file.id);
    const toApproved = await editor({ method: 'PUT', url: controlUrl('MFF-1.MON.05', file.id) });
    expect(toApproved.statusCode).toBe(409);
    expect(toApproved.json().detail).toMatch(/This evidence is approved and locked/);
  });

  // Issue 29, item 16: renaming evidence an approved control holds answered 200.
  it('keeps what an approved control holds as approved: the evidence\'s name, description, validity and tags are refused (409 held_by_approved_control)', async () => {
    const held = await evidence('Model validation report');
    const editor = await as('editor');
    const evidenceUrl = `/api/projects/${project}/evidence/${held.id}`;
    expect((await editor({ method: 'PUT', url: controlUrl('MFF-1.LCM.05', held.id) })).statusCode).toBe(204);
    await approve('control', await controlId('MFF-1.LCM.05'));
    for (const payload of [{ name: 'Renamed report' }, { description: 'Another text' }, { effective_date: '2026-01-02' }, { expires_on: '2031-01-01' }, { tags: [] }, { name: 'Renamed', status: 'in_progress' }]) {
      const refused = await editor({ method: 'PATCH', url: evidenceUrl, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'held_by_approved_control', detail: expect.stringMatching(/approved control MFF-1\.LCM\.05.*reopen the control first/) });
    }
    expect((await editor({ method: 'GET', url: evidenceUrl })).json()).toMatchObject({ name: 'Model validation report', status: 'ready' });
    // Who works on it may change, and a link to another control changes that control only.
    expect((await editor({ method: 'PUT', url: `${evidenceUrl}/assignees`, payload: { assignees: [ids.editor!], reviewers: [] } })).statusCode).toBe(200);
    expect((await editor({ method: 'PUT', url: controlUrl('MFF-1.LCM.06', held.id) })).statusCode).toBe(204);
    // Once the control is reopened (with a reason), the evidence can be renamed.
    const reopened = await (await as('owner'))({ method: 'PATCH', url: `/api/projects/${project}/controls/MFF-1.LCM.05`, payload: { status: 'in_progress', justification: 'Validation redone' } });
    expect(reopened.statusCode).toBe(200);
    const renamed = await editor({ method: 'PATCH', url: evidenceUrl, payload: { name: 'Model validation report v2' } });
    expect([renamed.statusCode, renamed.json().name]).toEqual([200, 'Model validation report v2']);
    // The demo seed's test below lists the editor's evidence: this one goes.
    expect((await editor({ method: 'DELETE', url: evidenceUrl })).statusCode).toBe(204);
  });
});

describe('from a risk', () => {
  it('attaches, lists by the risk and detaches; an approved risk refuses; R-n works as the id in uploads', async () => {
    const file = await evidence('Treatment proof');
    const target = await risk('Proxy discrimination');
    const editor = await as('editor');
    expect((await editor({ method: 'PUT', url: riskUrl(target.id, file.id) })).statusCode).toBe(204);
    expect((await editor({ method: 'GET', url: riskUrl(target.id) })).json().items.map((i: { id: string }) => i.id)).toEqual([file.id]);
    expect((await log(target.id, 'evidence_%')).map((e) => e.action)).toEqual(['evidence_linked']);
    expect((await log(file.id, 'risk_%')).map((e) => [e.action, e.after.risk])).toEqual([['risk_linked', `${target.reference} Proxy discrimination`]]);
    expect((await editor({ method: 'DELETE', url: riskUrl(target.id, file.id) })).statusCode).toBe(204);
    expect((await editor({ method: 'GET', url: riskUrl('00000000-0000-4000-8000-000000000000') })).statusCode).toBe(404);
    const uploaded = await uploadEvidence(editor, project, 'via reference', { filename: 'ref.txt', query: { component_id: target.reference.toLowerCase() } });
    expect(uploaded.json().risks).toEqual([expect.objectContaining({ id: target.id })]);
    await approve('risk', target.id);
    const refused = await editor({ method: 'PUT', url: riskUrl(target.id, file.id) });
    expect(refused.json()).toMatchObject({ code: 'locked', detail: expect.stringMatching(/This risk is approved and locked/) });
  });
});

describe('deleting an end', () => {
  it('a deleted risk takes its links with it; the evidence stays', async () => {
    const file = await evidence('Survives its risk');
    const target = await risk('Short-lived risk');
    expect((await (await as('editor'))({ method: 'PUT', url: riskUrl(target.id, file.id) })).statusCode).toBe(204);
    expect((await (await as('editor'))({ method: 'DELETE', url: `/api/projects/${project}/risks/${target.id}` })).statusCode).toBe(204);
    const after = (await (await as('editor'))({ method: 'GET', url: `/api/projects/${project}/evidence/${file.id}` })).json();
    expect(after.risks).toEqual([]);
  });

  it('a control no longer in the project (its framework removed) is not listed among the links', async () => {
    const file = await evidence('Detached control proof');
    expect((await (await as('editor'))({ method: 'PUT', url: controlUrl('MFF-1.TRA.01', file.id) })).statusCode).toBe(204);
    await t.db.execute(sql`update project_controls set detached_at = now() where project_id = ${project} and control_code = 'MFF-1.TRA.01'`);
    try {
      const after = (await (await as('editor'))({ method: 'GET', url: `/api/projects/${project}/evidence/${file.id}` })).json();
      expect(after.controls).toEqual([]);
      expect((await (await as('editor'))({ method: 'GET', url: controlUrl('MFF-1.TRA.01') })).statusCode).toBe(404);
    } finally {
      await t.db.execute(sql`update project_controls set detached_at = null where project_id = ${project} and control_code = 'MFF-1.TRA.01'`);
    }
  });
});

describe('the demo seed', () => {
  it('uploads the demo project\'s evidence through the services, linked, owned, one expiring and one expired', async () => {
    const organizationId = rows<{ organization_id: string }>(await t.db.execute(sql`select organization_id from projects where id = ${project}`))[0]!.organization_id;
    await t.db.transaction((tx) => seedDemoEvidence(tx, { organizationId, storage: localStorage(root) }));
    const editor = await as('editor');
    const list = (await editor({ method: 'GET', url: `/api/projects/${project}/evidence?is_assigned_to_me=true&size=100&sort_by=name` })).json() as { items: { id: string; name: string; file_type: string; expiry_state: string; controls: { control_code: string }[]; risks: { name: string }[]; text_status: string; sha256: string }[] };
    expect(list.items.map((i) => i.name)).toEqual([
      'AI acceptable use policy v1.2',
      'Bias test report Q3 2026',
      'Data protection impact assessment',
      'Model card — credit scoring v3.2',
      'Population stability report — October 2026',
      'Scoring API penetration test summary',
      'Scoring pipeline configuration',
      'Validation metrics — holdout 2026-09',
    ]);
    const byName = (name: string) => list.items.find((i) => i.name.startsWith(name))!;
    expect(byName('Bias test report')).toMatchObject({ file_type: 'pdf', text_status: 'pending', expiry_state: 'valid', risks: [{ name: 'Credit refusals fall harder on some groups of applicants' }] });
    expect(byName('Bias test report').controls.map((c) => c.control_code)).toEqual(['MFF-1.DAT.06', 'MFF-1.VAL.05']);
    expect(byName('Population stability').expiry_state).toBe('expiring');
    expect(byName('Scoring API penetration').expiry_state).toBe('expired');
    expect(new Set(list.items.map((i) => i.file_type))).toEqual(new Set(['pdf', 'markdown', 'csv', 'json', 'text']));
    // The stored bytes are the ones hashed, and the PDF is one a reader opens.
    const pdf = await editor({ method: 'GET', url: `/api/projects/${project}/evidence/${byName('Bias test report').id}/download` });
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(byName('Bias test report').sha256);
    expect((await pdfText(pdf.rawPayload)).text).toMatch(/Approval-rate gap per protected group/);
    // The job flags the control the expired file supported.
    await evidenceExpiryJob.run({ data: undefined, deps: t.app.deps, log: { info: () => {}, warn: () => {} }, attempt: 1 });
    const control = (await editor({ method: 'GET', url: `/api/projects/${project}/controls/MFF-1.SEC.03` })).json();
    expect(control.needs_attention_reason).toMatch(/^Evidence “Scoring API penetration test summary” expired on /);
  });
});

describe('open screens', () => {
  it('are told of an upload and of a link, at both ends (concept evidence, control)', async () => {
    await t.app.listen({ port: 3413, host: '127.0.0.1' });
    const { access_token } = await t.tokensFor('reviewer@demo.local');
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:3413/api/notifications/unread/stream/`, { headers: { authorization: `Bearer ${access_token}` }, signal: controller.signal });
    const events: { type: string; concept?: string; object_id?: string }[] = [];
    const reader = response.body!.getReader();
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer.slice(0, end).split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
          buffer = buffer.slice(end + 2);
          if (data) events.push(JSON.parse(data));
        }
      }
    })();
    const waitFor = async (match: (e: (typeof events)[number]) => boolean) => {
      for (let i = 0; i < 250 && !events.some(match); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      return events.some(match);
    };
    try {
      expect(await waitFor((e) => e.type === 'unread_notifications')).toBe(true);
      const file = await evidence('Live evidence');
      expect(await waitFor((e) => e.type === 'changed' && e.concept === 'evidence' && e.object_id === file.id)).toBe(true);
      expect((await (await as('editor'))({ method: 'PUT', url: controlUrl('MFF-1.LIT.02', file.id) })).statusCode).toBe(204);
      const control = await controlId('MFF-1.LIT.02');
      expect(await waitFor((e) => e.type === 'changed' && e.concept === 'control' && e.object_id === control)).toBe(true);
    } finally {
      controller.abort();
    }
  });
});
