import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { registeredJobs } from '../src/jobs/registry';
import type { FileStorage } from '../src/lib/storage';
import { localStorage } from '../src/lib/storage/local-storage';
import { EVIDENCE_TEXT_JOB } from '../src/modules/evidence/text/extraction-job';
import { samplePdf, sampleDocx, zipBombDocx } from '../src/modules/evidence/text/sample-files';
import { uploadEvidence } from './factories';
import { build, type TestApp } from './helper';

// Evidence text (issue 21, item 5): every readable upload's text is extracted by the evidence_text_extraction
// job in a worker thread and indexed, so the list's name filter finds a file by its content and shows the
// passage; a file that cannot be read fails its own text, never the server. The job engine works here
// (jobs: workers), so an upload is followed by its job as in the product.
let t: TestApp;
let root: string;
let storageDown = false;
let project: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'evtext-files-'));
  const disk = localStorage(root);
  const storage: FileStorage = {
    ...disk,
    readStream: (key, range) => (storageDown ? Promise.reject(new Error('connect ECONNREFUSED storage')) : disk.readStream(key, range)),
  };
  t = await build({}, { storage, jobs: { workers: true, pollingSeconds: 1 } }); // polled every second: a burst of uploads is read without waiting a minute per job
  for (const who of ['admin', 'editor', 'reviewer']) ids[who] = (await t.db.select().from(users).where(eq(users.email, `${who}@demo.local`)))[0]!.id;
  const admin = await as('admin');
  const created = await admin({ method: 'POST', url: '/api/projects', payload: { name: 'Evidence text', project_type: 'ai_application', frameworks: ['ISO_IEC_42001'] } });
  expect(created.statusCode, created.body).toBe(201);
  project = created.json().id;
  for (const role of ['editor', 'reviewer']) {
    expect((await admin({ method: 'POST', url: `/api/users/${ids[role]}/roles?role=${role}&project_id=${project}` })).statusCode).toBeLessThan(300);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const as = (who: string) => t.login(`${who}@demo.local`);
const url = (suffix = '') => `/api/projects/${project}/evidence${suffix}`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Version = { id: string; version: number; text_status: string; text_error: string | null };
type Evidence = { id: string; name: string; text_status: string; versions: Version[]; snippet: string | null; [key: string]: unknown };

async function upload(content: string | Buffer, filename: string, options: { evidenceId?: string; query?: Record<string, string> } = {}) {
  const response = await uploadEvidence(await as('editor'), project, content, { filename, contentType: 'application/octet-stream', ...options });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Evidence;
}

const detail = async (id: string) => (await (await as('reviewer'))({ method: 'GET', url: url(`/${id}`) })).json() as Evidence;

/** Waits for the job to read the current version's text (the engine runs it in the background). */
async function settled(id: string, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const evidence = await detail(id);
    if (evidence.text_status !== 'pending') return evidence;
    if (Date.now() - started > timeoutMs) throw new Error(`the text of ${evidence.name} is still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The list filtered by name (which searches the content too). */
const search = async (words: string) => {
  const response = await (await as('reviewer'))({ method: 'GET', url: url(`?name=${encodeURIComponent(words)}`) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as Evidence[];
};

const job = () => registeredJobs().find((j) => j.name === EVIDENCE_TEXT_JOB)!;
const runJob = (versionId: string) => job().run({ data: { versionId } as never, deps: t.app.deps, log: { info: () => {}, warn: () => {} }, attempt: 1 });
const contentOf = async (versionId: string) => rowsOf<{ content: string | null }>(await t.db.execute(sql`select content from evidence_versions where id = ${versionId}`))[0]!.content;

describe('text extraction after an upload', () => {
  it.each([
    ['a PDF', () => samplePdf(['Fleet telematics review', 'Each vehicle tachograph was calibrated in March.']), 'fleet.pdf', 'tachograph'],
    ['a DOCX', () => sampleDocx(['Wildlife survey'], { header: 'Observed quokka colonies near the depot' }), 'survey.docx', 'quokka'],
    ['Markdown', () => '\ufeff# Airship hangar\n\nThe zeppelin mooring mast is inspected weekly.', 'hangar.md', 'zeppelin'],
    ['CSV', () => 'instrument,count\r\nxylophone,3\r\ncello,2\r\n', 'inventory.csv', 'xylophone'],
    ['JSON', () => '{"bakery": {"specialities": ["marzipan", "stollen"], "ovens": 2}}', 'bakery.json', 'marzipan'],
  ])('reads %s, and the list finds it by a word of its content with the passage', async (_what, content, filename, word) => {
    const uploaded = await upload(content(), filename);
    expect(uploaded.text_status).toBe('pending');
    const evidence = await settled(uploaded.id);
    expect(evidence.text_status).toBe('extracted');
    expect(evidence.versions[0]).toMatchObject({ text_status: 'extracted', text_error: null });
    expect(await contentOf(evidence.versions[0]!.id)).toContain(word);
    const found = await search(word);
    expect(found.map((e) => e.id)).toEqual([uploaded.id]);
    expect(found[0]!.snippet).toContain(`«${word}»`);
  });

  it('matches words in their English forms; a match in the name alone gives no snippet', async () => {
    const evidence = await upload('Quarterly calibrations of the anemometers were recorded.', 'weather-station-log.txt');
    await settled(evidence.id);
    expect((await search('calibrated anemometer')).map((e) => e.id)).toContain(evidence.id);
    const byName = (await search('weather-station')).find((e) => e.id === evidence.id);
    expect(byName?.snippet).toBeNull();
  });

  it('fails a malformed PDF, an encrypted PDF and a zip bomb with the reason, and the server answers on', async () => {
    const malformed = await upload(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\nthis file stops here'), 'broken.pdf');
    const encrypted = await upload(samplePdf(['Board minutes: confidential'], { encrypted: true }), 'locked.pdf');
    const bomb = await upload(zipBombDocx(), 'expand-me.docx');
    const after = await Promise.all([malformed, encrypted, bomb].map((e) => settled(e.id)));
    expect(after.map((e) => [e.name, e.text_status, e.versions[0]!.text_error])).toEqual([
      ['broken.pdf', 'failed', 'The file is not a valid PDF (it may be damaged or cut short)'],
      ['locked.pdf', 'failed', 'The PDF is encrypted with a password; its text cannot be read'],
      ['expand-me.docx', 'failed', 'The Word document unpacks to more than 50 MB of text (a zip bomb?); it was not read'],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // The files themselves are kept and listed; only their text is missing.
    expect((await search('expand-me')).map((e) => e.id)).toEqual([bomb.id]);
    const healthy = await upload('The lighthouse lamp is cleaned monthly.', 'lighthouse.txt');
    expect((await settled(healthy.id)).text_status).toBe('extracted');
  }, 120_000);

  it('reads no text from images (unsupported at upload) nor from files over 25 MB (too_large)', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    expect((await upload(png, 'screenshot.png')).text_status).toBe('unsupported');
    const big = await upload(Buffer.alloc(25 * 1024 * 1024 + 1, 'a'), 'huge.txt');
    const settledBig = await settled(big.id);
    expect(settledBig.text_status).toBe('too_large');
    expect(settledBig.versions[0]!.text_error).toBe('Files larger than 25 MB are not read for text');
  }, 120_000);

  it('searches the current version only: a new version replaces the old one\'s text', async () => {
    const first = await upload('The albatross nesting count was 14.', 'colony-report.txt');
    await settled(first.id);
    expect((await search('albatross')).map((e) => e.id)).toEqual([first.id]);
    const second = await upload('The cormorant nesting count was 9.', 'colony-report.txt', { evidenceId: first.id });
    expect(second.text_status).toBe('pending');
    const done = await settled(first.id);
    expect(done.versions.map((v) => [v.version, v.text_status])).toEqual(expect.arrayContaining([[1, 'extracted'], [2, 'extracted']]));
    expect((await search('cormorant')).map((e) => e.id)).toEqual([first.id]);
    expect(await search('albatross')).toEqual([]);
    // The old version's job run again leaves the evidence's current text alone.
    const v1 = done.versions.find((v) => v.version === 1)!;
    await t.db.execute(sql`update evidence_versions set text_status = 'pending' where id = ${v1.id}`);
    await runJob(v1.id);
    expect((await detail(first.id)).text_status).toBe('extracted');
    expect(await search('albatross')).toEqual([]);
  });
});

describe('the extraction job', () => {
  it('shortens a text whose search document would pass PostgreSQL\'s 1 MB limit (a million characters of distinct tokens)', async () => {
    const tokens = Array.from({ length: 80_000 }, (_, i) => `k${i.toString(36).padStart(4, '0')}x${((i * 7919) % 1e6).toString(16)}`);
    const uploaded = await upload(`first-token-kestrel ${tokens.join(' ')}`, 'hashes.txt');
    const evidence = await settled(uploaded.id);
    expect(evidence.text_status).toBe('extracted');
    const content = (await contentOf(evidence.versions[0]!.id))!;
    expect(content.length).toBeGreaterThan(100_000);
    expect(content.length).toBeLessThan(tokens.join(' ').length);
    expect((await search('kestrel')).map((e) => e.id)).toEqual([uploaded.id]);
  }, 120_000);

  it('runs once per version: a version no longer pending is skipped', async () => {
    const evidence = await settled((await upload('Pelican crossing timings were checked.', 'crossing.txt')).id);
    expect(await runJob(evidence.versions[0]!.id)).toMatchObject({ skipped: true });
    expect(await runJob('00000000-0000-4000-8000-000000000000')).toMatchObject({ skipped: true });
  });

  it('fails its run while the storage is down (to be retried), and marks a file gone from the storage as failed', async () => {
    const evidence = await settled((await upload('Beehive inspection notes.', 'hives.txt')).id);
    const versionId = evidence.versions[0]!.id;
    await t.db.execute(sql`update evidence_versions set text_status = 'pending', content = null where id = ${versionId}`);
    storageDown = true;
    try {
      await expect(runJob(versionId)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      storageDown = false;
    }
    expect(rowsOf<{ text_status: string }>(await t.db.execute(sql`select text_status from evidence_versions where id = ${versionId}`))[0]!.text_status).toBe('pending');
    await runJob(versionId);
    expect(await contentOf(versionId)).toBe('Beehive inspection notes.');

    const key = rowsOf<{ storage_key: string }>(await t.db.execute(sql`select storage_key from evidence_versions where id = ${versionId}`))[0]!.storage_key;
    await t.app.deps.storage.remove(key);
    await t.db.execute(sql`update evidence_versions set text_status = 'pending', content = null where id = ${versionId}`);
    await runJob(versionId);
    expect((await detail(evidence.id)).versions[0]).toMatchObject({ text_status: 'failed', text_error: 'The stored file is missing' });
  });

  it('sends again, at start-up and every hour, the jobs of versions left pending from before the start or for five minutes', async () => {
    const evidence = await settled((await upload('Glacier melt gauges were read daily.', 'glacier.txt')).id);
    const versionId = evidence.versions[0]!.id;
    // As if the server had stopped between the upload's commit and its job.
    await t.db.execute(sql`update evidence_versions set text_status = 'pending', content = null where id = ${versionId}`);
    await t.db.execute(sql`update evidences set text_status = 'pending' where id = ${evidence.id}`);
    const sweep = registeredJobs().find((j) => j.name === 'evidence_text_sweep')!;
    expect(sweep.atStart).toBe(true);
    const run = () => sweep.run({ data: {} as never, deps: t.app.deps, log: { info: () => {}, warn: () => {} }, attempt: 1 });
    expect(await run()).toEqual({ sent: 0 }); // uploaded after this instance started, not five minutes ago
    t.clock.advance(6 * 60_000);
    expect(await run()).toMatchObject({ sent: 1 });
    expect((await settled(evidence.id)).text_status).toBe('extracted');
    expect((await search('glacier gauges')).map((e) => e.id)).toEqual([evidence.id]);
  });
});
