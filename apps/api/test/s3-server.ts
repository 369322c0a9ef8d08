import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An S3-compatible bucket in the test process, over a real socket: enough of the REST API for
 * lib/storage/s3-storage.ts — PutObject, GetObject (with Range), HeadObject, DeleteObject,
 * ListObjectsV2 (paged), HeadBucket, and the multipart upload (Create, UploadPart, Complete, Abort).
 * Every request must carry a valid AWS Signature V4 `Authorization` for the server's keys: the signature
 * is recomputed here, independently of the client's signing library (403 SignatureDoesNotMatch otherwise).
 *
 * An HTTP test builds the app on it through the ordinary S3_* configuration:
 *
 *   const s3 = await startS3Server();
 *   const t = await build({ ...s3.env });        // test/helper.ts: the app's storage is this bucket
 *   …  expect(s3.objects.get(key)) …  expect(s3.uploads.size).toBe(0)  // no upload left open
 *   await t.close(); await s3.close();
 *
 * `unreachable = true` makes it drop every connection (the storage-down case); `minPartBytes`
 * enforces S3's 5 MiB minimum for every part but the last on Complete (0 turns the check off);
 * `listPageSize` makes ListObjectsV2 answer in smaller pages.
 */
export type S3TestUpload = { key: string; contentType: string; parts: Map<number, { body: Buffer; etag: string }>; initiated: Date };
export type S3TestRequest = { method: string; url: string; authorization: string; range?: string };

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_* variables for testConfig / build(env) / a spawned server. */
  env: Record<'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY', string>;
  /** The stored objects by key. */
  objects: Map<string, Buffer>;
  /** Each object's Content-Type. */
  contentTypes: Map<string, string>;
  /** Multipart uploads begun and neither completed nor aborted, by UploadId. */
  uploads: Map<string, S3TestUpload>;
  /** Every request received, oldest first. */
  requests: S3TestRequest[];
  /** While true, every connection is dropped as soon as it arrives. */
  unreachable: boolean;
  close(): Promise<void>;
};

const MIN_PART_BYTES = 5 * 1024 * 1024;
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

const strictEncode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

/** Whether `request` is signed (AWS Signature V4, header form) with `secretAccessKey` for `accessKeyId`. */
function signatureValid(request: http.IncomingMessage, body: Buffer, accessKeyId: string, secretAccessKey: string): boolean {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
    request.headers.authorization ?? '',
  );
  const amzDate = request.headers['x-amz-date'];
  const payloadHash = request.headers['x-amz-content-sha256'];
  if (!match || typeof amzDate !== 'string' || typeof payloadHash !== 'string' || match[1] !== accessKeyId || !amzDate.startsWith(match[2]!)) return false;
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex')) return false;
  const [, , date, region, signedHeaders, signature] = match as unknown as string[];
  const url = new URL(request.url!, 'http://s3.test');
  const path = url.pathname
    .split('/')
    .map((segment) => strictEncode(decodeURIComponent(segment)))
    .join('/');
  const query = [...url.searchParams]
    .map(([name, value]) => [strictEncode(name), strictEncode(value)])
    .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : x! > y! ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return false;
  const headers = names.map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [request.method, path, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date!), region!), 's3'), 'aws4_request');
  return timingSafeEqual(hmac(key, toSign), Buffer.from(signature!, 'hex'));
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against `size`: the inclusive range, 'unsatisfiable', or null for no (or an unreadable) header. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start >= size || start > end ? 'unsatisfiable' : { start, end };
}

export async function startS3Server(options: { bucket?: string; region?: string; minPartBytes?: number; listPageSize?: number; port?: number } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'evidence';
  const region = options.region ?? 'eu-west-1';
  const minPartBytes = options.minPartBytes ?? MIN_PART_BYTES;
  const accessKeyId = 'AKIDTEST';
  const secretAccessKey = 'test-secret';

  const state = {
    objects: new Map<string, Buffer>(),
    contentTypes: new Map<string, string>(),
    uploads: new Map<string, S3TestUpload>(),
    requests: [] as S3TestRequest[],
    unreachable: false,
  };

  const fail = (response: http.ServerResponse, status: number, code: string) =>
    response.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  const xml = (response: http.ServerResponse, body: string) =>
    response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);

  function handle(request: http.IncomingMessage, response: http.ServerResponse, body: Buffer) {
    const url = new URL(request.url!, 'http://s3.test');
    const method = request.method!;
    const authorization = request.headers.authorization ?? '';
    state.requests.push({ method, url: url.pathname + url.search, authorization, ...(request.headers.range ? { range: request.headers.range } : {}) });
    if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) return fail(response, 403, 'InvalidAccessKeyId');
    if (!signatureValid(request, body, accessKeyId, secretAccessKey)) return fail(response, 403, 'SignatureDoesNotMatch');

    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    if (bucketName !== bucket) return fail(response, 404, 'NoSuchBucket');
    const query = url.searchParams;

    if (key === '') {
      if (method === 'HEAD') return response.writeHead(200).end();
      if (method === 'GET' && query.get('list-type') === '2') {
        const prefix = query.get('prefix') ?? '';
        const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000), options.listPageSize ?? 1000);
        const all = [...state.objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        const start = Number(query.get('continuation-token') ?? 0);
        const page = all.slice(start, start + maxKeys);
        const more = start + maxKeys < all.length;
        return xml(
          response,
          `<ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
            page.map((k) => `<Contents><Key>${escapeXml(k)}</Key><Size>${state.objects.get(k)!.length}</Size></Contents>`).join('') +
            `<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${start + maxKeys}</NextContinuationToken>` : ''}</ListBucketResult>`,
        );
      }
      if (method === 'GET' && query.has('uploads')) {
        // ListMultipartUploads, in pages of one when listPageSize is 1 (key-marker/upload-id-marker: the last of the page).
        const all = [...state.uploads.entries()].sort(([a, x], [b, y]) => x.key.localeCompare(y.key) || a.localeCompare(b));
        const after = all.findIndex(([id, u]) => u.key === query.get('key-marker') && id === query.get('upload-id-marker'));
        const size = options.listPageSize ?? 1000;
        const page = all.slice(after + 1, after + 1 + size);
        const more = after + 1 + size < all.length;
        const last = page.at(-1);
        return xml(
          response,
          `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket>` +
            page.map(([id, u]) => `<Upload><Key>${escapeXml(u.key)}</Key><UploadId>${id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`).join('') +
            `<IsTruncated>${more}</IsTruncated>${more && last ? `<NextKeyMarker>${escapeXml(last[1].key)}</NextKeyMarker><NextUploadIdMarker>${last[0]}</NextUploadIdMarker>` : ''}</ListMultipartUploadsResult>`,
        );
      }
      return fail(response, 405, 'MethodNotAllowed');
    }

    // Multipart upload.
    if (method === 'POST' && query.has('uploads')) {
      const uploadId = randomUUID();
      state.uploads.set(uploadId, { key, contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'), parts: new Map(), initiated: new Date() });
      return xml(response, `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`);
    }
    const uploadId = query.get('uploadId');
    if (uploadId !== null) {
      const upload = state.uploads.get(uploadId);
      if (!upload || upload.key !== key) return fail(response, 404, 'NoSuchUpload');
      if (method === 'PUT' && query.has('partNumber')) {
        const partNumber = Number(query.get('partNumber'));
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) return fail(response, 400, 'InvalidArgument');
        const etag = etagOf(body);
        upload.parts.set(partNumber, { body, etag });
        return response.writeHead(200, { etag }).end();
      }
      if (method === 'DELETE') {
        state.uploads.delete(uploadId);
        return response.writeHead(204).end();
      }
      if (method === 'POST') {
        const listed = [...body.toString('utf8').matchAll(/<Part>\s*<PartNumber>(\d+)<\/PartNumber>\s*<ETag>([^<]*)<\/ETag>\s*<\/Part>/g)].map((m) => ({
          number: Number(m[1]),
          etag: m[2]!.replace(/&quot;/g, '"'),
        }));
        if (listed.length === 0) return fail(response, 400, 'MalformedXML');
        const bodies: Buffer[] = [];
        for (const [index, part] of listed.entries()) {
          const stored = upload.parts.get(part.number);
          if (!stored || stored.etag !== part.etag) return fail(response, 400, 'InvalidPart');
          if (index > 0 && part.number <= listed[index - 1]!.number) return fail(response, 400, 'InvalidPartOrder');
          if (index < listed.length - 1 && stored.body.length < minPartBytes) return fail(response, 400, 'EntityTooSmall');
          bodies.push(stored.body);
        }
        state.objects.set(key, Buffer.concat(bodies));
        state.contentTypes.set(key, upload.contentType);
        state.uploads.delete(uploadId);
        return xml(response, `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><ETag>"${randomUUID()}-${listed.length}"</ETag></CompleteMultipartUploadResult>`);
      }
      return fail(response, 405, 'MethodNotAllowed');
    }

    if (method === 'PUT') {
      state.objects.set(key, body);
      state.contentTypes.set(key, String(request.headers['content-type'] ?? 'binary/octet-stream'));
      return response.writeHead(200, { etag: etagOf(body) }).end();
    }
    if (method === 'DELETE') {
      // S3 answers 204 whether or not there was an object.
      state.objects.delete(key);
      state.contentTypes.delete(key);
      return response.writeHead(204).end();
    }
    const found = state.objects.get(key);
    if (method === 'HEAD' || method === 'GET') {
      if (!found) return method === 'HEAD' ? response.writeHead(404).end() : fail(response, 404, 'NoSuchKey');
      const headers = { 'content-type': state.contentTypes.get(key) ?? 'binary/octet-stream', etag: etagOf(found), 'accept-ranges': 'bytes' };
      const range = method === 'GET' ? parseRange(request.headers.range, found.length) : null;
      if (range === 'unsatisfiable') {
        response.setHeader('content-range', `bytes */${found.length}`);
        return fail(response, 416, 'InvalidRange');
      }
      if (range) {
        response.writeHead(206, { ...headers, 'content-range': `bytes ${range.start}-${range.end}/${found.length}`, 'content-length': range.end - range.start + 1 });
        return response.end(found.subarray(range.start, range.end + 1));
      }
      response.writeHead(200, { ...headers, 'content-length': found.length });
      return method === 'HEAD' ? response.end() : response.end(found);
    }
    return fail(response, 405, 'MethodNotAllowed');
  }

  const server = http.createServer((request, response) => {
    if (state.unreachable) {
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks)));
  });
  server.on('connection', (socket) => {
    if (state.unreachable) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(state, {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}
