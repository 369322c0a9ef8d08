import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertKey } from './file-storage';
import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';

describe('storage keys', () => {
  it('accepts the server’s id paths and refuses anything that could leave the storage root', () => {
    expect(assertKey('organizations/1/projects/2/')).toBe('organizations/1/projects/2/');
    for (const bad of ['../etc/passwd', 'a/../../b', '/absolute', 'a//b', 'a/./b', 'with space', 'a\\b', '']) expect(() => assertKey(bad), bad).toThrow('Invalid storage key');
  });
});

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
});

describe('S3-compatible storage', () => {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: { method: string; url: string; authorization: string }[] = [];
  let server: http.Server;
  let endpoint = '';

  beforeAll(async () => {
    // Just enough of the S3 REST API: objects under /bucket/…, and ListObjectsV2 two keys a page.
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = new URL(request.url!, 'http://s3.test');
        seen.push({ method: request.method!, url: url.pathname + url.search, authorization: request.headers.authorization ?? '' });
        const [, bucket, ...rest] = url.pathname.split('/');
        const key = rest.map(decodeURIComponent).join('/');
        if (bucket !== 'evidence') return response.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
        if (request.method === 'HEAD' && key === '') return response.end();
        if (request.method === 'GET' && url.searchParams.get('list-type') === '2') {
          const all = [...objects.keys()].filter((k) => k.startsWith(url.searchParams.get('prefix') ?? '')).sort();
          const start = Number(url.searchParams.get('continuation-token') ?? 0);
          const page = all.slice(start, start + 2);
          const more = start + 2 < all.length;
          return response.end(
            `<ListBucketResult>${page.map((k) => `<Contents><Key>${k.replace(/&/g, '&amp;')}</Key></Contents>`).join('')}<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : ''}</ListBucketResult>`,
          );
        }
        if (request.method === 'PUT') {
          objects.set(key, { body: Buffer.concat(chunks), type: String(request.headers['content-type']) });
          return response.end();
        }
        const found = objects.get(key);
        if (!found) return response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        if (request.method === 'DELETE') {
          objects.delete(key);
          return response.writeHead(204).end();
        }
        response.writeHead(200, { 'content-type': found.type }).end(found.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('signs every request and stores, reads and removes a prefix across listing pages', async () => {
    const storage = s3Storage({ endpoint, bucket: 'evidence', region: 'eu-west-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });
    for (const name of ['a.pdf', 'b.pdf', 'd.pdf']) await storage.put(`org/1/projects/9/${name}`, Buffer.from(name), 'application/pdf');
    await storage.put('org/1/projects/10/keep.pdf', Buffer.from('keep'), 'application/pdf');
    expect(objects.get('org/1/projects/9/a.pdf')).toEqual({ body: Buffer.from('a.pdf'), type: 'application/pdf' });
    expect((await storage.read('org/1/projects/9/d.pdf'))?.toString()).toBe('d.pdf');
    expect(await storage.read('org/1/projects/9/none.pdf')).toBeNull();

    expect(await storage.removePrefix('org/1/projects/9/')).toBe(3);
    expect([...objects.keys()]).toEqual(['org/1/projects/10/keep.pdf']);
    expect(seen.filter((r) => r.url.includes('list-type=2'))).toHaveLength(2);
    for (const request of seen) expect(request.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request/);
  });

  it('reports the bucket’s error code, never the response body', async () => {
    const storage = s3Storage({ endpoint, bucket: 'missing', region: undefined, accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });
    await expect(storage.put('x/y', Buffer.from('z'), 'text/plain')).rejects.toThrow('S3 upload failed: 404 NoSuchBucket');
  });

  it('checks the bucket with a signed HeadBucket', async () => {
    const storage = s3Storage({ endpoint, bucket: 'evidence', region: 'eu-west-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });
    await storage.check(AbortSignal.timeout(2000));
    expect(seen.at(-1)).toMatchObject({ method: 'HEAD', url: '/evidence/' });
    const missing = s3Storage({ endpoint, bucket: 'missing', region: undefined, accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });
    await expect(missing.check(AbortSignal.timeout(2000))).rejects.toThrow('S3 bucket check failed: 404');
  });
});
