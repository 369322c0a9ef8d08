import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../../test/s3-server';
import { assertKey, EmptyFileError, FileTooLargeError, HEAD_BYTES, type FileStorage } from './file-storage';
import { localStorage } from './local-storage';
import { ABANDONED_WRITE_MS, fileRemovalJob, sweepAbandonedWrites } from './purge-job';
import { s3Storage } from './s3-storage';

describe('storage keys', () => {
  it('accepts the server’s id paths and refuses anything that could leave the storage root', () => {
    expect(assertKey('organizations/1/projects/2/')).toBe('organizations/1/projects/2/');
    for (const bad of ['../etc/passwd', 'a/../../b', '/absolute', 'a//b', 'a/./b', 'with space', 'a\\b', '']) expect(() => assertKey(bad), bad).toThrow('Invalid storage key');
  });
});

/** Deterministic bytes that differ from offset to offset, so a misplaced chunk changes the hash. */
function bytes(size: number, seed = 1): Buffer {
  const out = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = x >> 16;
  }
  return out;
}

/** `data` in chunks of uneven sizes, as a socket delivers them. */
async function* chunked(data: Buffer) {
  const sizes = [1, 7, 4096, 65_537, 300, 16_384];
  for (let offset = 0, i = 0; offset < data.length; i++) {
    const size = sizes[i % sizes.length]!;
    yield data.subarray(offset, offset + size);
    offset += size;
  }
}

/** `sent` bytes, then the error a dropped connection gives. */
async function* failingAfter(sent: number) {
  yield* chunked(bytes(sent, 7));
  throw new Error('aborted');
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const options = { contentType: 'application/pdf', maxBytes: 300_000 };

/** The streamed-write contract, the same for both kinds; `leftovers` lists what a failed write could have left behind. */
function streamedWrites(name: string, setup: () => { storage: FileStorage; leftovers: () => string[] }) {
  describe(`${name}: streamed writes and reads`, () => {
    it('stores a file while hashing and counting it, and answers its first bytes', async () => {
      const { storage, leftovers } = setup();
      const data = bytes(250_003);
      const stored = await storage.putStream('org/1/ev/1/v1', chunked(data), options);
      expect(stored).toEqual({ size: data.length, sha256: sha256(data), head: data.subarray(0, HEAD_BYTES) });
      expect((await storage.read('org/1/ev/1/v1'))?.equals(data)).toBe(true);
      expect(leftovers()).toEqual([]);

      const small = Buffer.from('%PDF-1.7 tiny');
      expect(await storage.putStream('org/1/ev/1/v2', chunked(small), options)).toEqual({ size: small.length, sha256: sha256(small), head: small });
      // Exactly the limit is allowed.
      const full = bytes(options.maxBytes, 3);
      expect((await storage.putStream('org/1/ev/1/v3', chunked(full), options)).size).toBe(options.maxBytes);
      expect((await storage.read('org/1/ev/1/v3'))?.equals(full)).toBe(true);
    });

    it('reads a file whole or a range of it as a stream, with its whole size', async () => {
      const { storage } = setup();
      const data = bytes(100_000, 5);
      await storage.putStream('org/1/ev/2/v1', chunked(data), options);

      const whole = await storage.readStream('org/1/ev/2/v1');
      expect(whole?.size).toBe(data.length);
      expect((await readAll(whole!.stream)).equals(data)).toBe(true);

      const part = await storage.readStream('org/1/ev/2/v1', { start: 10, end: 99 });
      expect(part?.size).toBe(data.length);
      expect((await readAll(part!.stream)).equals(data.subarray(10, 100))).toBe(true);

      const tail = await storage.readStream('org/1/ev/2/v1', { start: 99_990, end: 200_000 });
      expect((await readAll(tail!.stream)).equals(data.subarray(99_990))).toBe(true);

      const first = await storage.readStream('org/1/ev/2/v1', { start: 0, end: 0 });
      expect((await readAll(first!.stream)).equals(data.subarray(0, 1))).toBe(true);

      expect(await storage.readStream('org/1/ev/2/none')).toBeNull();
      expect(await storage.readStream('org/1/ev/2/none', { start: 0, end: 5 })).toBeNull();
    });

    it('refuses a file past the limit and keeps nothing', async () => {
      const { storage, leftovers } = setup();
      const error = await storage.putStream('org/1/ev/3/v1', chunked(bytes(options.maxBytes + 1)), options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FileTooLargeError);
      expect((error as FileTooLargeError).maxBytes).toBe(options.maxBytes);
      expect(await storage.read('org/1/ev/3/v1')).toBeNull();
      expect(leftovers()).toEqual([]);
    });

    it('refuses an empty file and keeps nothing', async () => {
      const { storage, leftovers } = setup();
      await expect(storage.putStream('org/1/ev/4/v1', chunked(Buffer.alloc(0)), options)).rejects.toBeInstanceOf(EmptyFileError);
      await expect(storage.putStream('org/1/ev/4/v1', Readable.from([]), options)).rejects.toBeInstanceOf(EmptyFileError);
      expect(await storage.read('org/1/ev/4/v1')).toBeNull();
      expect(leftovers()).toEqual([]);
    });

    it('keeps nothing when the source fails half-way, and leaves a file already there as it was', async () => {
      const { storage, leftovers } = setup();
      await expect(storage.putStream('org/1/ev/5/v1', failingAfter(150_000), options)).rejects.toThrow('aborted');
      expect(await storage.read('org/1/ev/5/v1')).toBeNull();
      expect(leftovers()).toEqual([]);

      // A stream destroyed mid-way (the client went away), over an existing file.
      const before = Buffer.from('the approved version');
      await storage.put('org/1/ev/5/v2', before, 'text/plain');
      const source = new Readable({ read() {} });
      source.push(bytes(90_000));
      setTimeout(() => source.destroy(new Error('client aborted')), 20);
      await expect(storage.putStream('org/1/ev/5/v2', source, options)).rejects.toThrow('client aborted');
      expect((await storage.read('org/1/ev/5/v2'))?.equals(before)).toBe(true);
      expect(leftovers()).toEqual([]);
    });

    it('removes one file, and an absent one is no error', async () => {
      const { storage } = setup();
      await storage.putStream('org/1/ev/6/v1', chunked(Buffer.from('one')), options);
      await storage.putStream('org/1/ev/6/v2', chunked(Buffer.from('two')), options);
      await storage.remove('org/1/ev/6/v1');
      expect(await storage.read('org/1/ev/6/v1')).toBeNull();
      expect((await storage.read('org/1/ev/6/v2'))?.toString()).toBe('two');
      await storage.remove('org/1/ev/6/v1');
      await storage.remove('org/1/never/there');
      await expect(storage.remove('../escape')).rejects.toThrow('Invalid storage key');
    });
  });
}

describe('local disk storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-local-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes, reads and removes by prefix', async () => {
    const storage = localStorage(root);
    await storage.put('p/1/a.txt', Buffer.from('one'), 'text/plain');
    await storage.put('p/1/deep/b.txt', Buffer.from('two'), 'text/plain');
    await storage.put('p/2/a.txt', Buffer.from('other'), 'text/plain');
    expect((await storage.read('p/1/a.txt'))?.toString()).toBe('one');
    expect(await storage.read('p/1/missing.txt')).toBeNull();
    expect(fs.readdirSync(path.join(root, 'p/1')).some((name) => name.endsWith('.partial'))).toBe(false);
    expect(await storage.removePrefix('p/1/')).toBe(2);
    expect(await storage.read('p/1/deep/b.txt')).toBeNull();
    expect(await storage.removePrefix('p/1/')).toBe(0);
    expect((await storage.read('p/2/a.txt'))?.toString()).toBe('other');
  });

  it('checks that its folder can be written, making it when missing', async () => {
    await localStorage(path.join(root, 'new', 'files')).check(AbortSignal.timeout(1000));
    expect(fs.existsSync(path.join(root, 'new', 'files'))).toBe(true);
    fs.writeFileSync(path.join(root, 'a-file'), '');
    await expect(localStorage(path.join(root, 'a-file')).check(AbortSignal.timeout(1000))).rejects.toThrow();
  });

  it('reads a folder as no file', async () => {
    const storage = localStorage(root);
    await storage.put('p/3/deep/c.txt', Buffer.from('c'), 'text/plain');
    expect(await storage.readStream('p/3/deep')).toBeNull();
    expect(await storage.read('p/3/deep')).toBeNull();
  });

  const streamed = path.join(root, 'streamed');
  streamedWrites('local disk', () => ({
    storage: localStorage(streamed),
    // Any file still under the root that is not a stored version: a partial write.
    leftovers: () =>
      fs.existsSync(streamed)
        ? fs
            .readdirSync(streamed, { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile() && !/\/v\d+$/.test(path.join(entry.parentPath, entry.name)))
            .map((entry) => entry.name)
        : [],
  }));

  it('leaves no partial file for a failed write', () => {
    const files = fs.readdirSync(streamed, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.map((entry) => entry.name).filter((name) => name.endsWith('.partial'))).toEqual([]);
    // The refused keys never appeared.
    for (const key of ['org/1/ev/3/v1', 'org/1/ev/4/v1', 'org/1/ev/5/v1']) expect(fs.existsSync(path.join(streamed, key))).toBe(false);
  });
});

describe('S3-compatible storage', () => {
  let s3: S3TestServer;
  const PART = 64 * 1024;
  const bucketOf = (bucket: string) => ({ endpoint: s3.endpoint, bucket, region: 'eu-west-1', accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });

  beforeAll(async () => {
    // Small parts so that a few hundred KB make a multipart upload; S3's 5 MiB minimum is tested below with the real size.
    s3 = await startS3Server({ minPartBytes: 0, listPageSize: 2 });
  });
  afterAll(() => s3.close());

  it('signs every request and stores, reads and removes a prefix across listing pages', async () => {
    const storage = s3Storage(bucketOf('evidence'));
    const from = s3.requests.length;
    for (const name of ['a.pdf', 'b.pdf', 'd.pdf']) await storage.put(`org/1/projects/9/${name}`, Buffer.from(name), 'application/pdf');
    await storage.put('org/1/projects/10/keep.pdf', Buffer.from('keep'), 'application/pdf');
    expect(s3.objects.get('org/1/projects/9/a.pdf')).toEqual(Buffer.from('a.pdf'));
    expect(s3.contentTypes.get('org/1/projects/9/a.pdf')).toBe('application/pdf');
    expect((await storage.read('org/1/projects/9/d.pdf'))?.toString()).toBe('d.pdf');
    expect(await storage.read('org/1/projects/9/none.pdf')).toBeNull();

    expect(await storage.removePrefix('org/1/projects/9/')).toBe(3);
    expect([...s3.objects.keys()].filter((key) => key.startsWith('org/1/projects/'))).toEqual(['org/1/projects/10/keep.pdf']);
    const requests = s3.requests.slice(from);
    expect(requests.filter((r) => r.url.includes('list-type=2'))).toHaveLength(2);
    for (const request of requests) expect(request.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-1\/s3\/aws4_request/);
  });

  it('reports the bucket’s error code, never the response body', async () => {
    const storage = s3Storage({ ...bucketOf('missing'), region: undefined });
    await expect(storage.put('x/y', Buffer.from('z'), 'text/plain')).rejects.toThrow('S3 upload failed: 404 NoSuchBucket');
    await expect(storage.putStream('x/y', chunked(Buffer.from('z')), options)).rejects.toThrow('S3 upload failed: 404 NoSuchBucket');
    await expect(s3Storage(bucketOf('missing'), { partBytes: PART }).putStream('x/y', chunked(bytes(PART * 2)), options)).rejects.toThrow(
      'S3 upload start failed: 404 NoSuchBucket',
    );
  });

  it('is refused by a bucket whose signature check fails', async () => {
    const storage = s3Storage({ ...bucketOf('evidence'), secretAccessKey: 'wrong' }, { partBytes: PART });
    await expect(storage.put('x/y', Buffer.from('z'), 'text/plain')).rejects.toThrow('S3 upload failed: 403 SignatureDoesNotMatch');
    await expect(storage.putStream('x/y', chunked(bytes(PART * 2)), options)).rejects.toThrow('S3 upload start failed: 403 SignatureDoesNotMatch');
    expect(s3.objects.has('x/y')).toBe(false);
  });

  it('checks the bucket with a signed HeadBucket', async () => {
    const storage = s3Storage(bucketOf('evidence'));
    await storage.check(AbortSignal.timeout(2000));
    expect(s3.requests.at(-1)).toMatchObject({ method: 'HEAD', url: '/evidence/' });
    const missing = s3Storage({ ...bucketOf('missing'), region: undefined });
    await expect(missing.check(AbortSignal.timeout(2000))).rejects.toThrow('S3 bucket check failed: 404');
  });

  streamedWrites('S3', () => ({
    storage: s3Storage(bucketOf('evidence'), { partBytes: PART }),
    // A multipart upload neither completed nor aborted keeps its parts in the bucket.
    leftovers: () => [...s3.uploads.values()].map((upload) => upload.key),
  }));

  it('sends a file smaller than a part in one PUT, a larger one in parts, and aborts the upload of a refused one', async () => {
    const storage = s3Storage(bucketOf('evidence'), { partBytes: PART });
    let from = s3.requests.length;
    await storage.putStream('org/2/ev/1/v1', chunked(bytes(PART - 1)), options);
    expect(s3.requests.slice(from).map((r) => r.method)).toEqual(['PUT']);

    from = s3.requests.length;
    const data = bytes(PART * 3 + 5);
    await storage.putStream('org/2/ev/1/v2', chunked(data), options);
    expect(s3.requests.slice(from).map((r) => `${r.method} ${r.url.replace(/uploadId=[^&]+/, 'uploadId=…')}`)).toEqual([
      'POST /evidence/org/2/ev/1/v2?uploads',
      'PUT /evidence/org/2/ev/1/v2?partNumber=1&uploadId=…',
      'PUT /evidence/org/2/ev/1/v2?partNumber=2&uploadId=…',
      'PUT /evidence/org/2/ev/1/v2?partNumber=3&uploadId=…',
      'PUT /evidence/org/2/ev/1/v2?partNumber=4&uploadId=…',
      'POST /evidence/org/2/ev/1/v2?uploadId=…',
    ]);
    expect(s3.objects.get('org/2/ev/1/v2')?.equals(data)).toBe(true);
    expect(s3.contentTypes.get('org/2/ev/1/v2')).toBe('application/pdf');

    from = s3.requests.length;
    await expect(storage.putStream('org/2/ev/1/v3', chunked(bytes(options.maxBytes + 1)), options)).rejects.toBeInstanceOf(FileTooLargeError);
    const sent = s3.requests.slice(from);
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(sent.at(-1)?.url).toMatch(/^\/evidence\/org\/2\/ev\/1\/v3\?uploadId=/);
    expect(s3.uploads.size).toBe(0);
    expect(s3.objects.has('org/2/ev/1/v3')).toBe(false);
  });

  it('streams in parts of the size S3 accepts, holding one part at a time', async () => {
    const real = await startS3Server();
    try {
      const storage = s3Storage({ ...bucketOf(real.bucket), endpoint: real.endpoint, accessKeyId: real.accessKeyId });
      const data = bytes(17 * 1024 * 1024 + 3, 9);
      const stored = await storage.putStream('org/3/ev/1/v1', chunked(data), { contentType: 'application/zip', maxBytes: 104_857_600 });
      expect(stored.sha256).toBe(sha256(data));
      expect(real.objects.get('org/3/ev/1/v1')?.equals(data)).toBe(true);
      expect(real.requests.filter((r) => r.url.includes('partNumber='))).toHaveLength(3);
    } finally {
      await real.close();
    }
  });

  it('reads a range from Content-Range and fails plainly when the bucket is unreachable', async () => {
    const storage = s3Storage(bucketOf('evidence'), { partBytes: PART });
    await storage.put('org/4/ev/1/v1', Buffer.from('0123456789'), 'text/plain');
    const part = await storage.readStream('org/4/ev/1/v1', { start: 2, end: 4 });
    expect(s3.requests.at(-1)).toMatchObject({ method: 'GET', range: 'bytes=2-4' });
    expect(part?.size).toBe(10);
    expect((await readAll(part!.stream)).toString()).toBe('234');

    s3.unreachable = true;
    try {
      await expect(storage.putStream('org/4/ev/1/v2', chunked(Buffer.from('x')), options)).rejects.toThrow();
      await expect(storage.readStream('org/4/ev/1/v1')).rejects.toThrow();
      await expect(storage.check(AbortSignal.timeout(2000))).rejects.toThrow();
    } finally {
      s3.unreachable = false;
    }
    expect(s3.objects.has('org/4/ev/1/v2')).toBe(false);
  });
});

// Issue 29, item 8: a crash mid-upload leaves its partial write behind; the storage sweeps what is older than
// the cutoff (an hour, at start-up and in every run of the file removal job), never a write still going on.
describe('sweeping what cut-off writes left', () => {
  const hourAgo = () => new Date(Date.now() - ABANDONED_WRITE_MS);

  it('local disk: removes the .partial files last written before the cutoff, and nothing else', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-sweep-'));
    try {
      const storage = localStorage(root);
      await storage.put('org/1/ev/1/v1', Buffer.from('kept'), 'text/plain');
      const folder = path.join(root, 'org', '1', 'ev', '1');
      const old = path.join(folder, `v2.4242-${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.partial`);
      const legacy = path.join(root, 'org', '2', 'v1.77.partial');
      const fresh = path.join(folder, `v3.4242-${'1'.repeat(8)}-1111-1111-1111-${'1'.repeat(12)}.partial`);
      fs.mkdirSync(path.dirname(legacy), { recursive: true });
      for (const file of [old, legacy, fresh]) fs.writeFileSync(file, 'half a file');
      const twoHoursAgo = new Date(Date.now() - 2 * ABANDONED_WRITE_MS);
      for (const file of [old, legacy]) fs.utimesSync(file, twoHoursAgo, twoHoursAgo);

      expect(await storage.sweepPartials(hourAgo())).toBe(2);
      expect(fs.existsSync(old)).toBe(false);
      expect(fs.existsSync(legacy)).toBe(false);
      expect(fs.existsSync(fresh)).toBe(true); // a write still going on
      expect((await storage.read('org/1/ev/1/v1'))?.toString()).toBe('kept');
      expect(await storage.sweepPartials(hourAgo())).toBe(0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('local disk: a missing folder is nothing to sweep', async () => {
    expect(await localStorage(path.join(os.tmpdir(), `aegis-none-${process.pid}-${Date.now()}`)).sweepPartials(hourAgo())).toBe(0);
  });

  it('the file removal job sweeps them at each run (start-up included), an hour by the app clock', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-sweep-job-'));
    try {
      const storage = localStorage(root);
      const partial = path.join(root, 'org', 'v1.99.partial');
      fs.mkdirSync(path.dirname(partial), { recursive: true });
      fs.writeFileSync(partial, 'cut off');
      const noPurges = { select: () => ({ from: () => ({ orderBy: () => ({ limit: async () => [] }) }) }) };
      const log = { info: () => undefined, warn: () => undefined };
      const run = (clock: { now(): Date }) => fileRemovalJob.run({ data: undefined, deps: { db: noPurges, storage, clock } as never, log, attempt: 1 });
      // Written just now: kept; the clock two hours on: swept.
      expect(await run({ now: () => new Date() })).toEqual({ purged: 0, failed: 0, swept: 0 });
      expect(fs.existsSync(partial)).toBe(true);
      expect(await run({ now: () => new Date(Date.now() + 2 * ABANDONED_WRITE_MS) })).toEqual({ purged: 0, failed: 0, swept: 1 });
      expect(fs.existsSync(partial)).toBe(false);
      // A storage that fails to sweep does not stop the purges.
      const failing = { ...storage, sweepPartials: () => Promise.reject(new Error('disk gone')) };
      expect(await sweepAbandonedWrites({ storage: failing, clock: { now: () => new Date() } })).toBe(0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('S3: aborts the multipart uploads begun before the cutoff, across listing pages, and keeps the others', async () => {
    const s3 = await startS3Server({ minPartBytes: 0, listPageSize: 1 });
    try {
      const storage = s3Storage({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'eu-west-1', accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });
      // Uploads a crash left open (begun, never completed nor aborted), one of them recent.
      const open = (key: string, initiated: Date) => s3.uploads.set(`${key}-upload`, { key, contentType: 'application/pdf', parts: new Map(), initiated });
      const old = new Date(Date.now() - 2 * ABANDONED_WRITE_MS);
      open('org/1/ev/1/v1', old);
      open('org/1/ev/2/v1', old);
      open('org/1/ev/3/v1', new Date());
      expect(await storage.sweepPartials(hourAgo())).toBe(2);
      expect([...s3.uploads.values()].map((u) => u.key)).toEqual(['org/1/ev/3/v1']);
      expect(await storage.sweepPartials(hourAgo())).toBe(0);
    } finally {
      await s3.close();
    }
  });
});
