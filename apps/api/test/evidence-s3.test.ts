import { createHash } from 'node:crypto';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EVIDENCE_BYTES } from '@aegis/contracts';
import { projects } from '../src/db/schema';
import { uploadEvidence } from './factories';
import { build, type TestApp } from './helper';
import { startS3Server, type S3TestServer } from './s3-server';

// Evidence on S3 (issue 21: "both storages"): the same uploads through the ordinary S3_* configuration,
// against the in-test bucket over a real socket — a large file in multipart parts, ranges, versions,
// deletion, the bucket unreachable, a file too large and an upload broken off leaving no object and no
// open multipart upload.
let s3: S3TestServer;
let t: TestApp;
let project: string;

beforeAll(async () => {
  s3 = await startS3Server({ port: 3411 });
  t = await build({ ...s3.env });
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const as = (who: string) => t.login(`${who}@demo.local`);
const url = (suffix = '') => `/api/projects/${project}/evidence${suffix}`;
const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const evidenceKeys = () => [...s3.objects.keys()].filter((key) => key.includes('/evidence/'));
const evidenceCount = async () => Number(((await t.db.execute(sql`select count(*)::int as n from evidences`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe('evidence on S3', () => {
  it('streams a 12 MB file to the bucket in parts, with its SHA-256, and serves it whole and by range', async () => {
    const bytes = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4) bytes.writeUInt32LE(i, i);
    const response = await uploadEvidence(await as('editor'), project, bytes, { filename: 'training-log.bin', contentType: 'application/octet-stream' });
    expect(response.statusCode, response.body).toBe(201);
    const evidence = response.json();
    expect(evidence).toMatchObject({ size: bytes.length, sha256: sha(bytes), file_type: 'other' });
    const [key] = evidenceKeys();
    expect(key).toMatch(new RegExp(`/projects/${project}/evidence/${evidence.id}/`));
    expect(s3.objects.get(key!)!.equals(bytes)).toBe(true);
    expect(s3.uploads.size).toBe(0);
    expect(s3.requests.some((r) => r.url.includes('partNumber='))).toBe(true);

    const whole = await (await as('auditor'))({ method: 'GET', url: url(`/${evidence.id}/download`) });
    expect(whole.statusCode).toBe(200);
    expect(sha(whole.rawPayload)).toBe(sha(bytes));
    const part = await (await as('auditor'))({ method: 'GET', url: url(`/${evidence.id}/download`), headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
  });

  it('keeps each version as its own object and removes them all with the evidence', async () => {
    const first = (await uploadEvidence(await as('editor'), project, 'version one', { filename: 'notes.txt' })).json();
    const second = await uploadEvidence(await as('editor'), project, 'version two', { filename: 'notes.txt', evidenceId: first.id });
    expect(second.statusCode, second.body).toBe(201);
    const mine = () => evidenceKeys().filter((key) => key.includes(first.id));
    expect(mine().map((key) => s3.objects.get(key)!.toString()).sort()).toEqual(['version one', 'version two']);
    expect((await (await as('auditor'))({ method: 'GET', url: url(`/${first.id}/download?version=1`) })).body).toBe('version one');
    expect((await (await as('editor'))({ method: 'DELETE', url: url(`/${first.id}`) })).statusCode).toBe(204);
    expect(mine()).toEqual([]);
  });

  it('answers 503 and writes no row when the bucket is unreachable', async () => {
    const count = await evidenceCount();
    const keys = evidenceKeys().length;
    s3.unreachable = true;
    try {
      const response = await uploadEvidence(await as('editor'), project, 'while down', { filename: 'down.txt' });
      expect(response.statusCode).toBe(503);
      expect(response.json().detail).toMatch(/storage is unavailable/);
    } finally {
      s3.unreachable = false;
    }
    expect(await evidenceCount()).toBe(count);
    expect(evidenceKeys().length).toBe(keys);
  });

  it('refuses a file past 100 MB leaving no object and no open multipart upload', async () => {
    const keys = evidenceKeys().length;
    const response = await uploadEvidence(await as('editor'), project, Buffer.alloc(MAX_EVIDENCE_BYTES + 1, 0x61), { filename: 'too-big.bin' });
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe('Maximum file size is 100MB. Failed to upload files: too-big.bin');
    expect(evidenceKeys().length).toBe(keys);
    expect(s3.uploads.size).toBe(0);
  }, 180_000);

  it('leaves no object, no open multipart upload and no row when the client breaks off', async () => {
    await t.app.listen({ port: 3412, host: '127.0.0.1' });
    const count = await evidenceCount();
    const keys = evidenceKeys().length;
    const token = (await t.tokensFor('editor@demo.local')).access_token;
    const boundary = '----aegisabort';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="partial.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const socket = net.connect(3412, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`POST ${url()} HTTP/1.1\r\nHost: 127.0.0.1:3412\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 30_000_000}\r\n\r\n${head}`);
    try {
      // More than a part (8 MiB): the multipart upload has begun when the connection drops.
      for (let i = 0; i < 24; i++) socket.write(Buffer.alloc(500_000, 0x62));
      for (let i = 0; i < 100 && s3.uploads.size === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(s3.uploads.size).toBe(1);
    } finally {
      socket.destroy();
    }
    for (let i = 0; i < 100 && s3.uploads.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(s3.uploads.size).toBe(0);
    expect(evidenceKeys().length).toBe(keys);
    expect(await evidenceCount()).toBe(count);
  });
});
