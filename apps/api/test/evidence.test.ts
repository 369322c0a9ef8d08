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
