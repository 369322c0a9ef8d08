import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EVIDENCE_BYTES } from '@aegis/contracts';
import { projects, users } from '../src/db/schema';
import type { FileStorage } from '../src/lib/storage';
import { localStorage } from '../src/lib/storage/local-storage';
import { multipartFile, organizationId, tinyPdf, uploadEvidence } from './factories';
import { build, type TestApp } from './helper';
import { pdfText, squeezed } from './pdf-text';

// Evidence (issue 21): streamed uploads with their hashes, bad input refused with nothing left behind,
// the list's filters and sorts, the detail, changes within the life cycle, versions, deletion, downloads
// and the CSV index. Links: evidence-links.test.ts; validity: evidence-expiry.test.ts; S3: evidence-s3.test.ts.
let t: TestApp;
let root: string;
let storageDown = false;
let project: string;
let otherProject: string;
let foreignProject: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'evapi-files-'));
  const disk = localStorage(root);
  // The disk, unless a test says the storage is down.
  const storage: FileStorage = {
    ...disk,
    putStream: (key, source, options) => (storageDown ? Promise.reject(new Error('connect ECONNREFUSED storage')) : disk.putStream(key, source, options)),
    readStream: (key, range) => (storageDown ? Promise.reject(new Error('connect ECONNREFUSED storage')) : disk.readStream(key, range)),
  };
  t = await build({}, { storage });
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  otherProject = (await t.db.select().from(projects).where(eq(projects.name, 'Customer Support Chatbot')))[0]!.id;
  const other = await organizationId(t, 'Other Organization');
  foreignProject = (await t.db.select().from(projects).where(eq(projects.organizationId, other)))[0]?.id ?? '';
  for (const who of ['owner', 'editor', 'reviewer', 'auditor']) ids[who] = (await t.db.select().from(users).where(eq(users.email, `${who}@demo.local`)))[0]!.id;
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const as = (who: string) => t.login(`${who}@demo.local`);
const url = (suffix = '', projectId = project) => `/api/projects/${projectId}/evidence${suffix}`;
const sha = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Every file under the storage's folder, relative. */
const storedFiles = () => readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
const evidenceCount = async () => Number(((await t.db.execute(sql`select count(*)::int as n from evidences`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

type Evidence = { id: string; name: string; file_name: string; size: number; sha256: string; content_type: string; file_type: string; version: number; status: string; [k: string]: unknown };

async function upload(content: string | Buffer, options: Parameters<typeof uploadEvidence>[3] = {}, who = 'editor') {
  const response = await uploadEvidence(await as(who), project, content, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Evidence;
}

describe('uploading evidence', () => {
  it('streams the file to storage with its size and SHA-256, tells its type from the bytes and answers the evidence', async () => {
    const pdf = tinyPdf('Bias test report for the credit model');
    const before = storedFiles().length;
    const evidence = await upload(pdf, { filename: 'report.bin', contentType: 'application/octet-stream', query: { description: 'Quarterly fairness test', effective_date: '2026-10-01' } });
    expect(evidence).toMatchObject({
      name: 'report.bin',
      description: 'Quarterly fairness test',
      file_name: 'report.bin',
      size: pdf.length,
      sha256: sha(pdf),
      file_type: 'pdf',
      content_type: 'application/pdf',
      version: 1,
      status: 'ready',
      text_status: 'pending',
      effective_date: '2026-10-01',
      expires_on: null,
      expiry_state: 'none',
      controls: [],
      risks: [],
      locked: false,
      held_by_approved_controls: [],
      allowed_transitions: ['in_progress', 'out_of_scope'],
      uploaded_by: expect.objectContaining({ id: ids.editor }),
      created_by: expect.objectContaining({ id: ids.editor }),
    });
    expect(evidence.versions).toEqual([expect.objectContaining({ version: 1, sha256: sha(pdf), size: pdf.length, file_type: 'pdf', file_name: 'report.bin' })]);
    expect(storedFiles().length).toBe(before + 1);
    const organization = await organizationId(t, 'Demo Organization');
    const key = `organizations/${organization}/projects/${project}/evidence/${evidence.id}/${(evidence.versions as { id: string }[])[0]!.id}`;
    expect(storedFiles()).toContain(key);
  });

  it('names the evidence after the file, its last path segment only, and keeps a long name within bounds', async () => {
    const pathLike = await upload('policy', { filename: '../../etc/C:\\secrets\\policy.md' });
    expect(pathLike).toMatchObject({ name: 'policy.md', file_name: 'policy.md', file_type: 'markdown' });
    const long = await upload('x', { filename: `${'a'.repeat(1000)}.txt` });
    expect(long.file_name.length).toBe(255);
    expect(long.file_name.endsWith('.txt')).toBe(true);
    expect(long.name).toBe(long.file_name);
    const dots = await upload('x', { filename: '..' });
    expect(dots.file_name).toBe('file');
  });

  it('takes the name, dates and component from the query; the text types are searchable later, others not', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 1)]);
    const image = await upload(png, { filename: 'dashboard.txt', query: { name: 'Monitoring dashboard', effective_date: '2026-09-01', expires_on: '2027-09-01', component_id: 'MFF-1.MON.01' } });
    expect(image).toMatchObject({ name: 'Monitoring dashboard', file_type: 'image', content_type: 'image/png', text_status: 'unsupported', effective_date: '2026-09-01', expires_on: '2027-09-01', expiry_state: 'valid' });
    expect((image.controls as { control_code: string }[]).map((c) => c.control_code)).toEqual(['MFF-1.MON.01']);
    const json = await upload('{"threshold": 0.25}', { filename: 'config.json', query: { component_id: 'R-1' } });
    expect(json).toMatchObject({ file_type: 'json', text_status: 'pending', risks: [expect.objectContaining({ reference: 'R-1' })] });
  });

  it('refuses bad input with a clear 4xx, storing nothing', async () => {
    const editor = await as('editor');
    const count = await evidenceCount();
    const files = storedFiles().length;
    const refuse = async (response: { statusCode: number; json(): { detail: string; errors?: { path: string }[] } }, status: number, detail: RegExp, path?: string) => {
      expect(response.statusCode).toBe(status);
      expect(response.json().detail).toMatch(detail);
      if (path) expect(response.json().errors?.map((e) => e.path)).toContain(path);
    };
    await refuse(await uploadEvidence(editor, project, ''), 422, /file: the file is empty/, 'body.file');
    await refuse(await uploadEvidence(editor, project, 'hello', { field: 'document' }), 422, /part named file/, 'body.file');
    await refuse(await editor({ method: 'POST', url: url(), payload: { file: 'hello' } }), 415, /multipart/);
    await refuse(await uploadEvidence(editor, project, 'x', { query: { component_id: 'MFF-9.NOPE.01' } }), 422, /component_id: MFF-9.NOPE.01 is neither/, 'querystring.component_id');
    const chatbotRisk = ((await t.db.execute(sql`select id from risks where project_id = ${otherProject} limit 1`)) as unknown as { rows: { id: string }[] }).rows[0]!.id;
    await refuse(await uploadEvidence(editor, project, 'x', { query: { component_id: chatbotRisk } }), 422, /neither a control code nor a risk of this project/, 'querystring.component_id');
    await refuse(await uploadEvidence(editor, project, 'x', { query: { name: '../../etc/passwd' } }), 422, /must not contain/, 'querystring.name');
    await refuse(await uploadEvidence(editor, project, 'x', { query: { name: 'n'.repeat(1000) } }), 422, /at most 300/, 'querystring.name');
    await refuse(await uploadEvidence(editor, project, 'x', { query: { effective_date: '2026-05-01', expires_on: '2026-05-01' } }), 422, /expires_on: must be after the effective date/, 'querystring.expires_on');
    await refuse(await uploadEvidence(editor, project, 'x', { query: { effective_date: '01-05-2026' } }), 422, /effective_date/);
    expect(await evidenceCount()).toBe(count);
    expect(storedFiles().length).toBe(files);
  });

  it('refuses a file of 104,857,601 bytes with the spec\'s message, leaving nothing behind', async () => {
    const count = await evidenceCount();
    const files = storedFiles().length;
    const big = Buffer.alloc(MAX_EVIDENCE_BYTES + 1, 0x61);
    // Content-Length within the envelope: the stream itself is stopped at the limit.
    const response = await uploadEvidence(await as('editor'), project, big, { filename: 'huge.log' });
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe('Maximum file size is 100MB. Failed to upload files: huge.log');
    expect(await evidenceCount()).toBe(count);
    expect(storedFiles().length).toBe(files);
    // A body announced far larger is refused before it is read.
    const announced = await (await as('editor'))({ method: 'POST', url: url(), headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_EVIDENCE_BYTES * 2) }, payload: '--x--' });
    expect(announced.statusCode).toBe(413);
  }, 120_000);

  it('answers 503 with a detail when the storage is unreachable, and writes no row', async () => {
    const count = await evidenceCount();
    storageDown = true;
    try {
      const response = await uploadEvidence(await as('editor'), project, 'report', { filename: 'down.txt' });
      expect(response.statusCode).toBe(503);
      expect(response.json().detail).toMatch(/storage is unavailable/);
    } finally {
      storageDown = false;
    }
    expect(await evidenceCount()).toBe(count);
  });

  it('leaves no row and no file when the client breaks off half-way through the upload', async () => {
    await t.app.listen({ port: 3410, host: '127.0.0.1' });
    const count = await evidenceCount();
    const files = storedFiles().length;
    const token = (await t.tokensFor('editor@demo.local')).access_token;
    const boundary = '----aegisabort';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="partial.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const socket = net.connect(3410, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST ${url()} HTTP/1.1\r\nHost: 127.0.0.1:3410\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 10_000_000}\r\n\r\n${head}`,
    );
    // Half of the file, then the connection drops.
    for (let i = 0; i < 10; i++) socket.write(Buffer.alloc(500_000, 0x62));
    // The server is writing it: a partial file is there.
    for (let i = 0; i < 50 && !storedFiles().some((f) => f.endsWith('.partial')); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(storedFiles().some((f) => f.endsWith('.partial'))).toBe(true);
    socket.destroy();
    // The server notices, stops the write and removes what it wrote.
    for (let i = 0; i < 50 && storedFiles().some((f) => f.endsWith('.partial')); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(storedFiles().length).toBe(files);
    expect(await evidenceCount()).toBe(count);
  });

  it('needs evidences:upload (403), and another organization\'s project is not found (404)', async () => {
    expect((await uploadEvidence(await as('reviewer'), project, 'x')).statusCode).toBe(403);
    expect((await uploadEvidence(await as('auditor'), project, 'x')).statusCode).toBe(403);
    if (foreignProject) expect((await uploadEvidence(await as('editor'), foreignProject, 'x')).statusCode).toBe(404);
    const narrowed = await t.login('editor@demo.local', ['evidences:read']);
    expect((await uploadEvidence(narrowed, project, 'x')).statusCode).toBe(403);
    expect((await multipartSent(await as('owner'))).statusCode).toBe(201);
  });
});

/** An upload as a browser sends it: the owner holds every project right. */
function multipartSent(inject: Awaited<ReturnType<typeof as>>) {
  return inject({ method: 'POST', url: url(), ...multipartFile('owner notes', { filename: 'notes.txt', contentType: 'text/plain' }) });
}

const inDays = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('the evidence list', () => {
  let listProject: string;
  let codes: string[];
  let risk: { id: string; reference: string };
  const made: Record<string, Evidence> = {};
  const admin = () => t.login('admin@demo.local');
  const names = (page: { items: { name: string }[] }) => page.items.map((i) => i.name);
  const get = async (query = '') => {
    const response = await (await admin())({ method: 'GET', url: url(query ? `?${query}` : '', listProject) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: (Evidence & { snippet: string | null; expiry_state: string })[]; total: number; page: number; size: number; pages: number };
  };

  beforeAll(async () => {
    const created = await (await admin())({ method: 'POST', url: '/api/projects', payload: { name: 'Evidence list project', project_type: 'ai_application', frameworks: ['ISO_IEC_42001'] } });
    expect(created.statusCode, created.body).toBe(201);
    listProject = created.json().id;
    const controls = (await (await admin())({ method: 'GET', url: `/api/projects/${listProject}/controls?size=3&sort_by=control_code` })).json() as { items: { control_code: string }[] };
    codes = controls.items.map((c) => c.control_code);
    risk = (await (await admin())({ method: 'POST', url: `/api/projects/${listProject}/risks`, payload: { name: 'Unfair refusals', likelihood: 3, impact: 3 } })).json();
    const add = async (key: string, content: string | Buffer, filename: string, query: Record<string, string>) => {
      const response = await uploadEvidence(await admin(), listProject, content, { filename, query });
      expect(response.statusCode, response.body).toBe(201);
      made[key] = response.json();
    };
    await add('card', '# Model card\n\nGradient-boosted credit model.', 'model-card.md', { name: 'Model card', effective_date: '2026-01-15', component_id: codes[0]! });
    await add('bias', tinyPdf('Approval rate gap per group'), 'bias-report.pdf', { name: 'Bias test report', effective_date: '2026-03-01', expires_on: inDays(3), component_id: risk.reference });
    await add('metrics', 'auc,gini\n0.81,0.62\n', 'validation.csv', { name: 'Validation metrics', effective_date: '2025-06-30', expires_on: '2025-12-31' });
    await add('config', '{"retrain_threshold": 0.25}', 'pipeline.json', { name: 'Pipeline config', effective_date: '2026-02-10', expires_on: inDays(100), component_id: codes[1]! });
    await add('shot', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]), 'screen.jpg', { name: 'Monitoring screenshot', effective_date: '2026-04-01' });
    // Text as the extraction job would leave it, searchable.
    const { refreshSearch } = await import('../src/modules/evidence/search-vector');
    await t.db.execute(sql`update evidence_versions set content = 'Approval rates differ between applicant groups by less than two points after reweighting.', text_status = 'extracted' where evidence_id = ${made.bias!.id}`);
    await refreshSearch(t.db, made.bias!.id);
  });

  it('pages the newest upload first by default, with links, people, tags and validity', async () => {
    const page = await get('size=2');
    expect(page).toMatchObject({ total: 5, page: 1, size: 2, pages: 3 });
    expect(names(page)).toEqual(['Monitoring screenshot', 'Pipeline config']);
    expect(page.items[1]).toMatchObject({ controls: [expect.objectContaining({ control_code: codes[1], status: 'ready', score: null, score_result: null })], risks: [], expiry_state: 'valid', snippet: null });
    const all = await get('size=10');
    expect(all.items.find((i) => i.name === 'Bias test report')).toMatchObject({ risks: [{ id: risk.id, reference: risk.reference, name: 'Unfair refusals', status: 'ready' }], expiry_state: 'expiring' });
    expect(all.items.find((i) => i.name === 'Validation metrics')!.expiry_state).toBe('expired');
    expect(all.items.find((i) => i.name === 'Model card')!.expiry_state).toBe('none');
  });

  it('sorts by every documented key, both ways', async () => {
    expect(names(await get('sort_by=name'))).toEqual(['Bias test report', 'Model card', 'Monitoring screenshot', 'Pipeline config', 'Validation metrics']);
    expect(names(await get('sort_by=name&descending=true'))[0]).toBe('Validation metrics');
    expect(names(await get('sort_by=effective_date'))).toEqual(['Validation metrics', 'Model card', 'Pipeline config', 'Bias test report', 'Monitoring screenshot']);
    // No expiry date last, whichever way.
    expect(names(await get('sort_by=expires_on')).slice(0, 3)).toEqual(['Validation metrics', 'Bias test report', 'Pipeline config']);
    expect(names(await get('sort_by=expires_on&descending=true')).slice(0, 3)).toEqual(['Pipeline config', 'Bias test report', 'Validation metrics']);
    expect(names(await get('sort_by=size'))[0]).toBe('Validation metrics');
    expect(names(await get('sort_by=file_type'))[0]).toBe('Validation metrics');
    for (const key of ['uploaded_at', 'updated_at', 'status']) expect((await get(`sort_by=${key}&descending=true`)).total).toBe(5);
  });

  it('filters by name (part of the name or file name, or full-text), with the snippet when the text matched', async () => {
    expect(names(await get('name=model'))).toEqual(['Model card']);
    expect(names(await get('name=pipeline.JSON'))).toEqual(['Pipeline config']);
    const text = await get('name=applicant%20groups');
    expect(names(text)).toEqual(['Bias test report']);
    expect(text.items[0]!.snippet).toMatch(/«applicant» «groups»/);
    // Stemmed: "rate" finds "rates".
    expect(names(await get('name=rate'))).toEqual(['Bias test report']);
    expect((await get('name=nothing%20like%20this')).total).toBe(0);
  });

  it('takes the snippet from a window around the first match, wherever it is in a long text and in whatever case (issue 29)', async () => {
    // The match 600,000 characters in, capitalized: the snippet is read from a few KB around it, not from the whole text.
    const { refreshSearch } = await import('../src/modules/evidence/search-vector');
    const filler = 'Routine log line without anything notable. '.repeat(14_000);
    const before = rows<{ content: string | null; text_status: string }>(await t.db.execute(sql`select content, text_status from evidence_versions where evidence_id = ${made.metrics!.id}`))[0]!;
    await t.db.execute(sql`update evidence_versions set content = ${`${filler}The Quokka register was audited by the steering board. ${filler}`}, text_status = 'extracted' where evidence_id = ${made.metrics!.id}`);
    await refreshSearch(t.db, made.metrics!.id);
    const found = await get('name=quokka');
    expect(names(found)).toEqual(['Validation metrics']);
    expect(found.items[0]!.snippet).toMatch(/The «Quokka» register was audited/);
    expect(found.items[0]!.snippet!.length).toBeLessThan(1_000);
    // Stemmed: "audits" finds "audited", and "steering boards" both words.
    expect((await get('name=audits')).items.find((i) => i.name === 'Validation metrics')!.snippet).toContain('«audited»');
    expect((await get('name=steering%20boards')).items[0]!.snippet).toMatch(/«steering» «board»/);
    await t.db.execute(sql`update evidence_versions set content = ${before.content}, text_status = ${before.text_status}::evidence_text_status where evidence_id = ${made.metrics!.id}`);
    await refreshSearch(t.db, made.metrics!.id);
  });

  it('filters by controls, risks (id or R-n), effective dates, file types, status, validity, assignment and links', async () => {
    expect(names(await get(`associated_controls=${codes[0]},${codes[1]}&sort_by=name`))).toEqual(['Model card', 'Pipeline config']);
    expect(names(await get(`associated_risks=${risk.reference}`))).toEqual(['Bias test report']);
    expect(names(await get(`associated_risks=${risk.id}`))).toEqual(['Bias test report']);
    expect(names(await get('start_date=2026-02-01&end_date=2026-03-31&sort_by=name'))).toEqual(['Bias test report', 'Pipeline config']);
    expect(names(await get('file_type=pdf,csv&sort_by=name'))).toEqual(['Bias test report', 'Validation metrics']);
    expect(names(await get('expiry_state=expired,expiring&sort_by=name'))).toEqual(['Bias test report', 'Validation metrics']);
    expect(names(await get('unlinked=true&sort_by=name'))).toEqual(['Monitoring screenshot', 'Validation metrics']);
    expect((await get('unlinked=false')).total).toBe(3);
    expect((await get('status=in_progress')).total).toBe(0);
    expect((await get('is_assigned_to_me=true')).total).toBe(0);
    const bad = await (await admin())({ method: 'GET', url: url('?start_date=2026-05-01&end_date=2026-04-01', listProject) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].path).toBe('querystring.end_date');
    expect((await (await admin())({ method: 'GET', url: url('?file_type=exe', listProject) })).statusCode).toBe(422);
  });

  it('answers the light list and the file types present', async () => {
    const light = (await (await admin())({ method: 'GET', url: `/api/projects/${listProject}/evidence_list?name=m` })).json();
    expect(light).toMatchObject({ total: 3, page: 1, size: 250 });
    expect(light.items[0]).toEqual({ id: made.card!.id, name: 'Model card', file_name: 'model-card.md', file_type: 'markdown', status: 'ready', size: made.card!.size });
    const types = (await (await admin())({ method: 'GET', url: url('/files/types', listProject) })).json();
    expect(types.items).toHaveLength(5);
    expect(types.items).toContainEqual({ file_type: 'pdf', label: 'PDF', count: 1 });
  });

  it('lists the evidence of a control and of a risk, and controls_with_evidences / risks_with_evidences carry the links', async () => {
    const ofControl = (await (await admin())({ method: 'GET', url: `/api/projects/${listProject}/controls/${codes[0]}/evidence` })).json();
    expect(ofControl.items.map((i: Evidence) => i.name)).toEqual(['Model card']);
    const ofRisk = (await (await admin())({ method: 'GET', url: `/api/projects/${listProject}/risks/${risk.id}/evidence` })).json();
    expect(ofRisk.items.map((i: Evidence) => i.name)).toEqual(['Bias test report']);
    const controls = (await (await admin())({ method: 'GET', url: `/api/projects/${listProject}/controls_with_evidences` })).json();
    expect(controls.items.find((c: { control_code: string }) => c.control_code === codes[0]).evidences).toEqual([{ id: made.card!.id, name: 'Model card' }]);
    expect(controls.items.find((c: { control_code: string }) => c.control_code === codes[2]).evidences).toEqual([]);
    const risks = (await (await admin())({ method: 'GET', url: `/api/projects/${listProject}/risks_with_evidences` })).json();
    expect(risks.items.find((r: { id: string }) => r.id === risk.id).evidences).toEqual([{ id: made.bias!.id, name: 'Bias test report' }]);
  });

  it('adds the evidence index to the project report: name, version, SHA-256, linked controls', async () => {
    const response = await (await admin())({ method: 'GET', url: `/api/projects/${listProject}/export` });
    expect(response.statusCode).toBe(200);
    const pdf = squeezed((await pdfText(response.rawPayload)).text);
    expect(pdf).toContain(squeezed('Evidence index'));
    expect(pdf).toContain(squeezed('5 evidence files are stored, in 5 versions'));
    expect(pdf).toContain(made.bias!.sha256);
    expect(pdf).toContain(squeezed(`Model card · Ready`));
    expect(pdf).toContain(codes[0]!);
  });

  it('writes the evidence index as CSV: every version a row, with its hash and links', async () => {
    const response = await (await admin())({ method: 'GET', url: `/api/projects/${listProject}/evidence.csv` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Evidence list project - evidence index.csv"; filename*=UTF-8''Evidence%20list%20project%20-%20evidence%20index.csv`);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('Name,Version,File,Size (bytes),SHA-256,Uploaded (UTC),Controls,Risks');
    expect(lines).toHaveLength(6);
    expect(lines.find((l) => l.startsWith('Bias test report'))).toBe(`Bias test report,1,bias-report.pdf,${made.bias!.size},${made.bias!.sha256},${made.bias!.uploaded_at},,${risk.reference}`);
  });
});

/** Approves an evidence or a control through a real review: the editor asks, Rita approves. */
async function approve(concept: 'evidence' | 'control', id: string) {
  const requested = await (await as('editor'))({ method: 'POST', url: `/api/projects/${project}/reviews/${concept}/${id}`, payload: { reviewers: [ids.reviewer!] } });
  expect(requested.statusCode, requested.body).toBe(201);
  const decided = await (await as('reviewer'))({ method: 'PATCH', url: `/api/projects/${project}/reviews/${concept}/${id}/decision`, payload: { decision: 'approved', comment: 'Complete' } });
  expect(decided.statusCode, decided.body).toBe(200);
}
const detail = async (id: string, who = 'owner') => (await (await as(who))({ method: 'GET', url: url(`/${id}`) })).json() as Evidence & { versions: { version: number; sha256: string; id: string }[]; status_history: { to: string }[]; held_by_approved_controls: string[]; locked: boolean };
const controlId = async (code: string) => ((await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/controls/${code}` })).json() as { id: string }).id;

describe('changing an evidence', () => {
  it('changes name, description and validity, refreshing the search; refuses an expiry before the effective date', async () => {
    const evidence = await upload('Data protection impact assessment', { filename: 'dpia.txt', query: { effective_date: '2026-01-01' } });
    const editor = await as('editor');
    const changed = await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { name: 'DPIA 2026', description: 'Signed by the DPO', expires_on: '2027-01-01' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'DPIA 2026', description: 'Signed by the DPO', effective_date: '2026-01-01', expires_on: '2027-01-01' });
    const found = (await editor({ method: 'GET', url: url('?name=dpo') })).json();
    expect(found.items.map((i: Evidence) => i.id)).toContain(evidence.id);
    const refused = await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { effective_date: '2027-02-01' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].path).toBe('body.effective_date');
    expect((await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { expires_on: '2025-12-31' } })).json().errors[0].path).toBe('body.expires_on');
    expect((await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { name: 'a/b' } })).statusCode).toBe(422);
    expect((await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload: {} })).statusCode).toBe(422);
    const log = rows<{ action: string }>(await t.db.execute(sql`select action from activity_logs where object_id = ${evidence.id} order by created_at`));
    expect(log.map((l) => l.action)).toEqual(['created', 'updated']);
  });

  it('replaces links by ids and tags, and names what is not the project\'s (422)', async () => {
    const evidence = await upload('Red-team findings', { filename: 'red-team.md' });
    const controls = [await controlId('MFF-1.SEC.02'), await controlId('MFF-1.SEC.03')];
    const riskId = rows<{ id: string }>(await t.db.execute(sql`select id from risks where project_id = ${project} and status = 'ready' order by number limit 1`))[0]!.id;
    const tag = rows<{ id: string }>(await t.db.execute(sql`select t.id from tags t join projects p on p.organization_id = t.organization_id where p.id = ${project} limit 1`))[0]!.id;
    const editor = await as('editor');
    const linked = await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { control_ids: controls, risk_ids: [riskId], tags: [tag] } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().controls.map((c: { control_code: string }) => c.control_code)).toEqual(['MFF-1.SEC.02', 'MFF-1.SEC.03']);
    expect(linked.json().risks.map((r: { id: string }) => r.id)).toEqual([riskId]);
    expect(linked.json().tags.map((x: { tag_id: string }) => x.tag_id)).toEqual([tag]);
    const controlLog = rows<{ action: string }>(await t.db.execute(sql`select action from activity_logs where object_id = ${controls[0]!} and action like 'evidence_%'`));
    expect(controlLog.map((l) => l.action)).toEqual(['evidence_linked']);
    const fewer = await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { control_ids: [controls[1]!], risk_ids: [] } });
    expect(fewer.json()).toMatchObject({ controls: [expect.objectContaining({ control_code: 'MFF-1.SEC.03' })], risks: [] });
    const chatbotControl = rows<{ id: string }>(await t.db.execute(sql`select id from project_controls where project_id = ${otherProject} limit 1`))[0]!.id;
    const unknown = await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { control_ids: [chatbotControl] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ errors: [{ path: 'body.control_ids' }] });
    expect((await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { risk_ids: [chatbotControl] } })).json().errors[0].path).toBe('body.risk_ids');
  });

  it('replaces the assignees and reviewers with project members only', async () => {
    const evidence = await upload('Owners', { filename: 'owners.txt' });
    const owner = await as('owner');
    const set = await owner({ method: 'PUT', url: url(`/${evidence.id}/assignees`), payload: { assignees: [ids.editor], reviewers: [ids.reviewer] } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ assignees: [expect.objectContaining({ id: ids.editor })], reviewers: [expect.objectContaining({ id: ids.reviewer })] });
    const mine = (await (await as('editor'))({ method: 'GET', url: url('?is_assigned_to_me=true&size=100') })).json();
    expect(mine.items.map((i: Evidence) => i.id)).toContain(evidence.id);
    const admin = rows<{ id: string }>(await t.db.execute(sql`select id from users where email = 'internal@demo.local'`))[0]!.id;
    expect((await owner({ method: 'PUT', url: url(`/${evidence.id}/assignees`), payload: { assignees: [admin], reviewers: [] } })).statusCode).toBe(422);
    expect((await (await as('reviewer'))({ method: 'PUT', url: url(`/${evidence.id}/assignees`), payload: { assignees: [], reviewers: [] } })).statusCode).toBe(403);
  });

  it('moves through the life cycle: a review approves it and locks it; reopening needs a reason and the right', async () => {
    const evidence = await upload('Approved policy', { filename: 'policy.txt' });
    const editor = await as('editor');
    expect((await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { status: 'out_of_scope' } })).statusCode).toBe(422);
    expect((await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { status: 'approved' } })).json().code).toBe('review_required');
    expect((await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { status: 'in_progress' } })).json().status).toBe('in_progress');
    // A comment on it resolves: the review concept knows evidence.
    expect((await (await as('reviewer'))({ method: 'POST', url: `/api/projects/${project}/comments/evidence/${evidence.id}`, payload: { body: 'Which version of the policy is this?' } })).statusCode).toBe(201);
    await approve('evidence', evidence.id);
    const approved = await detail(evidence.id, 'editor');
    expect(approved).toMatchObject({ status: 'approved', locked: true, review_status: 'approved', allowed_transitions: [] });
    expect(approved.status_history.map((h) => h.to)).toEqual(['approved', 'in_review', 'in_progress']);
    for (const payload of [{ name: 'Renamed' }, { expires_on: '2030-01-01' }, { tags: [] }, { control_ids: [] }]) {
      const refused = await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'locked', detail: expect.stringMatching(/approved and locked.*reopen it first/) });
    }
    const version = await uploadEvidence(editor, project, 'new text', { evidenceId: evidence.id });
    expect(version.statusCode).toBe(409);
    expect(version.json().code).toBe('locked');
    expect((await editor({ method: 'DELETE', url: url(`/${evidence.id}`) })).json().code).toBe('locked');
    expect((await editor({ method: 'PUT', url: url(`/${evidence.id}/assignees`), payload: { assignees: [ids.editor], reviewers: [] } })).statusCode).toBe(200);
    // With separation of duties, reopening needs reviews:force_update_status (the editor lacks it), and a reason.
    expect((await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { status: 'in_progress', justification: 'New draft' } })).statusCode).toBe(403);
    const owner = await as('owner');
    expect((await owner({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { status: 'in_progress' } })).statusCode).toBe(422);
    const reopened = await owner({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { status: 'in_progress', justification: 'The policy was revised' } });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'in_progress', locked: false });
  });
});

describe('versions', () => {
  it('keeps every version with its hash; the current one is the newest, with a new effective date', async () => {
    const first = await upload('version one', { filename: 'report-v1.txt', query: { effective_date: '2026-01-01', expires_on: '2026-12-31' } });
    const second = await uploadEvidence(await as('editor'), project, tinyPdf('version two'), { filename: 'report-v2.pdf', evidenceId: first.id, query: { effective_date: '2026-06-01' } });
    expect(second.statusCode, second.body).toBe(201);
    const evidence = second.json() as Evidence & { versions: { version: number; sha256: string; file_name: string }[] };
    expect(evidence).toMatchObject({ version: 2, file_name: 'report-v2.pdf', file_type: 'pdf', sha256: sha(tinyPdf('version two')), effective_date: '2026-06-01', expires_on: '2026-12-31', name: 'report-v1.txt' });
    expect(evidence.versions.map((v) => [v.version, v.file_name, v.sha256])).toEqual([
      [2, 'report-v2.pdf', sha(tinyPdf('version two'))],
      [1, 'report-v1.txt', sha('version one')],
    ]);
    // An effective date past the expiry date clears it, for the owner to set anew.
    const third = (await uploadEvidence(await as('editor'), project, 'three', { evidenceId: first.id, query: { effective_date: '2027-01-15' } })).json();
    expect(third).toMatchObject({ version: 3, expires_on: null, effective_date: '2027-01-15' });
    // A new version may bring its own expiry date, after its effective date (422 before a byte is stored).
    const early = await uploadEvidence(await as('editor'), project, 'four', { evidenceId: first.id, query: { effective_date: '2027-02-01', expires_on: '2027-01-31' } });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual([expect.objectContaining({ path: 'querystring.expires_on' })]);
    const fourth = (await uploadEvidence(await as('editor'), project, 'four', { evidenceId: first.id, query: { effective_date: '2027-02-01', expires_on: '2028-01-31' } })).json();
    expect(fourth).toMatchObject({ version: 4, effective_date: '2027-02-01', expires_on: '2028-01-31' });
    expect((await uploadEvidence(await as('reviewer'), project, 'x', { evidenceId: first.id })).statusCode).toBe(403);
    expect((await uploadEvidence(await as('editor'), project, 'x', { evidenceId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await uploadEvidence(await as('editor'), project, '', { evidenceId: first.id })).statusCode).toBe(422);
    expect((await detail(first.id)).version).toBe(4);
  });

  it('refuses a new version or a deletion while an approved control rests on it (held_by_approved_control)', async () => {
    const evidence = await upload('Held evidence', { filename: 'held.txt', query: { component_id: 'MFF-1.GOV.08' } });
    await approve('control', await controlId('MFF-1.GOV.08'));
    expect((await detail(evidence.id)).held_by_approved_controls).toEqual(['MFF-1.GOV.08']);
    const editor = await as('editor');
    const version = await uploadEvidence(editor, project, 'replacement', { evidenceId: evidence.id });
    expect(version.statusCode).toBe(409);
    expect(version.json()).toMatchObject({ code: 'held_by_approved_control', detail: expect.stringMatching(/linked to approved control MFF-1.GOV.08 — reopen the control first/) });
    const deleted = await editor({ method: 'DELETE', url: url(`/${evidence.id}`) });
    expect(deleted.json().code).toBe('held_by_approved_control');
    // Detaching it would change the approved control: locked.
    expect((await editor({ method: 'PATCH', url: url(`/${evidence.id}`), payload: { control_ids: [] } })).json().code).toBe('locked');
    expect((await detail(evidence.id)).version).toBe(1);
  });
});

describe('deleting an evidence', () => {
  it('needs evidences:delete, removes the rows and purges its files; the log keeps it', async () => {
    const evidence = await upload('to delete', { filename: 'delete-me.txt', query: { component_id: 'MFF-1.GOV.09' } });
    await uploadEvidence(await as('editor'), project, 'to delete v2', { evidenceId: evidence.id });
    const files = () => storedFiles().filter((f) => f.includes(evidence.id));
    expect(files()).toHaveLength(2);
    expect((await (await as('reviewer'))({ method: 'DELETE', url: url(`/${evidence.id}`) })).statusCode).toBe(403);
    const response = await (await as('editor'))({ method: 'DELETE', url: url(`/${evidence.id}`) });
    expect(response.statusCode, response.body).toBe(204);
    expect(files()).toEqual([]);
    expect((await (await as('editor'))({ method: 'GET', url: url(`/${evidence.id}`) })).statusCode).toBe(404);
    expect(rows(await t.db.execute(sql`select 1 from storage_purges`))).toEqual([]);
    const log = rows<{ action: string; object_type: string }>(await t.db.execute(sql`select action, object_type from activity_logs where (object_id = ${evidence.id} or after->>'evidence_id' = ${evidence.id}) order by created_at`));
    // Entries of one transaction share their time: compared as a set.
    expect(log.map((l) => `${l.object_type}:${l.action}`).sort()).toEqual(['control:evidence_linked', 'control:evidence_unlinked', 'evidence:control_linked', 'evidence:control_unlinked', 'evidence:created', 'evidence:deleted', 'evidence:version_uploaded']);
  });

  it('refuses while a review is pending, and while an approved risk rests on it', async () => {
    const pending = await upload('pending', { filename: 'pending.txt' });
    expect((await (await as('editor'))({ method: 'POST', url: `/api/projects/${project}/reviews/evidence/${pending.id}`, payload: { reviewers: [ids.reviewer!] } })).statusCode).toBe(201);
    expect((await (await as('editor'))({ method: 'DELETE', url: url(`/${pending.id}`) })).json().code).toBe('review_pending');
    const approvedRisk = rows<{ id: string; number: number }>(await t.db.execute(sql`select id, number from risks where project_id = ${project} and status = 'approved' limit 1`))[0]!;
    const onRisk = await upload('risk proof', { filename: 'risk-proof.txt' });
    // Attaching to the approved risk is refused too.
    expect((await (await as('editor'))({ method: 'PUT', url: `/api/projects/${project}/risks/${approvedRisk.id}/evidence/${onRisk.id}` })).json().code).toBe('locked');
    expect((await uploadEvidence(await as('editor'), project, 'x', { query: { component_id: `R-${approvedRisk.number}` } })).json().code).toBe('locked');
  });
});

describe('downloading evidence', () => {
  const download = async (id: string, query = '', headers: Record<string, string> = {}, who = 'auditor') => (await as(who))({ method: 'GET', url: url(`/${id}/download${query}`), headers });

  it('streams the bytes with their hash as ETag, as an attachment named after the file (RFC 6266)', async () => {
    const bytes = Buffer.from('Système de notation — rapport\n'.repeat(100));
    const evidence = await upload(bytes, { filename: 'Évaluation finale; v1.txt' });
    const response = await download(evidence.id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': expect.stringMatching(/^text\/plain/),
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      etag: `"${sha(bytes)}"`,
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="Evaluation finale v1.txt"; filename*=UTF-8''%C3%89valuation%20finale%3B%20v1.txt`,
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    // Asked inline, a text file still comes as an attachment: only PDFs and images preview.
    expect((await download(evidence.id, '?inline=true')).headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('answers a single range with 206 and Content-Range, several with the whole file, and a range it does not have with 416', async () => {
    const bytes = Buffer.from('0123456789abcdefghij');
    const evidence = await upload(bytes, { filename: 'ranges.txt' });
    const part = await download(evidence.id, '', { range: 'bytes=2-5' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers).toMatchObject({ 'content-range': 'bytes 2-5/20', 'content-length': '4' });
    expect((await download(evidence.id, '', { range: 'bytes=15-' })).body).toBe('fghij');
    expect((await download(evidence.id, '', { range: 'bytes=-3' })).body).toBe('hij');
    expect((await download(evidence.id, '', { range: 'bytes=18-100' })).headers['content-range']).toBe('bytes 18-19/20');
    expect((await download(evidence.id, '', { range: 'bytes=0-1,4-5' })).statusCode).toBe(200);
    for (const range of ['bytes=20-', 'bytes=5-2', 'bytes=-0', 'lines=1-2', 'bytes=x-y']) {
      const refused = await download(evidence.id, '', { range });
      expect(refused.statusCode, range).toBe(416);
      expect(refused.headers['content-range']).toBe('bytes */20');
    }
    // If-Range with another hash: the whole file.
    expect((await download(evidence.id, '', { range: 'bytes=2-5', 'if-range': '"other"' })).statusCode).toBe(200);
    expect((await download(evidence.id, '', { range: 'bytes=2-5', 'if-range': `"${sha(bytes)}"` })).statusCode).toBe(206);
  });

  it('previews a PDF inline under a sandbox policy; serves an earlier version by its number', async () => {
    const pdf = tinyPdf('Preview me');
    const evidence = await upload(pdf, { filename: 'preview.pdf' });
    const inline = await download(evidence.id, '?inline=true');
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="preview.pdf"/);
    expect(inline.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    await uploadEvidence(await as('editor'), project, 'second', { evidenceId: evidence.id, filename: 'second.txt' });
    const first = await download(evidence.id, '?version=1');
    expect(first.rawPayload.equals(pdf)).toBe(true);
    expect((await download(evidence.id)).body).toBe('second');
    expect((await download(evidence.id, '?version=3')).statusCode).toBe(404);
  });

  it('needs evidences:download; a file missing from the storage is 404; the storage failing is 503', async () => {
    const evidence = await upload('secret', { filename: 'secret.txt' });
    expect((await download(evidence.id, '', {}, 'reviewer')).statusCode).toBe(200);
    const narrowed = await t.login('auditor@demo.local', ['evidences:read']);
    expect((await narrowed({ method: 'GET', url: url(`/${evidence.id}/download`) })).statusCode).toBe(403);
    const [version] = (await detail(evidence.id)).versions;
    const organization = await organizationId(t, 'Demo Organization');
    rmSync(path.join(root, 'organizations', organization, 'projects', project, 'evidence', evidence.id, version!.id));
    const missing = await download(evidence.id);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('file_missing');
    storageDown = true;
    try {
      const down = await download(evidence.id);
      expect(down.statusCode).toBe(503);
      expect(down.json().detail).toMatch(/storage is unavailable/);
    } finally {
      storageDown = false;
    }
  });
});

describe('another organization', () => {
  it('cannot read, change, download or link what is not its own (404), and its own evidence is not found from here', async () => {
    const outsider = await t.login('outsider@other.local');
    const created = await outsider({ method: 'POST', url: '/api/projects', payload: { name: 'Foreign evidence project', project_type: 'ai_application', frameworks: ['ISO_IEC_42001'] } });
    expect(created.statusCode, created.body).toBe(201);
    const theirProject = created.json().id as string;
    const theirs = (await uploadEvidence(outsider, theirProject, 'their secret', { filename: 'theirs.txt' })).json() as Evidence;
    const mine = await upload('mine', { filename: 'mine.txt' });
    const owner = await as('owner');
    for (const [method, target] of [
      ['GET', url(`/${theirs.id}`, theirProject)],
      ['GET', url(`/${theirs.id}/download`, theirProject)],
      ['GET', url('', theirProject)],
      ['GET', `/api/projects/${theirProject}/evidence.csv`],
      ['PATCH', url(`/${theirs.id}`, theirProject)],
      ['DELETE', url(`/${theirs.id}`, theirProject)],
      // Their evidence id under our project.
      ['GET', url(`/${theirs.id}`)],
      ['GET', url(`/${theirs.id}/download`)],
      ['DELETE', url(`/${theirs.id}`)],
      ['PUT', `/api/projects/${project}/controls/MFF-1.GOV.01/evidence/${theirs.id}`],
    ] as const) {
      const response = await owner({ method, url: target, ...(method === 'PATCH' ? { payload: { name: 'x' } } : {}) });
      expect(response.statusCode, `${method} ${target}`).toBe(404);
    }
    expect((await uploadEvidence(owner, theirProject, 'x')).statusCode).toBe(404);
    expect((await outsider({ method: 'GET', url: url(`/${mine.id}/download`) })).statusCode).toBe(404);
    expect((await (await t.login('outsider@other.local'))({ method: 'GET', url: url(`/${theirs.id}/download`, theirProject) })).body).toBe('their secret');
  });
});
