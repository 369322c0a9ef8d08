import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { fileMeter } from './file-meter';
import { assertKey, type FileStorage } from './file-storage';

export type S3Options = { endpoint: string | undefined; bucket: string; region: string | undefined; accessKeyId: string; secretAccessKey: string };

/** The size of one part of a streamed upload: what it holds in memory at a time (S3 wants at least 5 MiB for every part but the last). */
export const S3_PART_BYTES = 8 * 1024 * 1024;

const decodeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp);/g, (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[entity]!);
/** Whether `key` is one this server could have written (assertKey accepts it). */
const OUR_KEY = (key: string) => {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
};
const encodeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * An S3-compatible bucket through its REST API, signed with AWS Signature V4. A custom endpoint (MinIO,
 * R2, …) is addressed path-style (`{endpoint}/{bucket}/{key}`); AWS itself virtual-hosted style.
 * `partBytes` (the size of a streamed upload's parts) is for tests only.
 */
export function s3Storage(options: S3Options, { partBytes = S3_PART_BYTES }: { partBytes?: number } = {}): FileStorage {
  const region = options.region ?? 'us-east-1';
  const client = new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, service: 's3', region });
  const bucketUrl = options.endpoint
    ? `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`
    : `https://${options.bucket}.s3.${region}.amazonaws.com`;
  const objectUrl = (key: string) => `${bucketUrl}/${assertKey(key).split('/').map(encodeURIComponent).join('/')}`;

  async function send(url: string, init: RequestInit = {}) {
    const signed = await client.sign(url, init);
    return fetch(signed);
  }

  // Bytes go out through node:http, not fetch: a fetch body is copied (twice, with the signed Request), which
  // for 8 MiB parts churned tens of MB of memory per upload.
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
  /** A signed request with `bytes` as its body (the signature covers the headers, the payload is UNSIGNED-PAYLOAD as for every request here). */
  async function sendBytes(url: string, method: 'PUT', bytes: Uint8Array, headers: Record<string, string> = {}): Promise<Response> {
    const signed = await client.sign(url, { method, headers });
    const target = new URL(url);
    return new Promise<Response>((resolve, reject) => {
      const request = (target.protocol === 'https:' ? https : http).request(
        target,
        { method, agent: agents[target.protocol as 'http:' | 'https:'], headers: { ...Object.fromEntries(signed.headers), 'content-length': String(bytes.byteLength) } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const status = response.statusCode ?? 500;
            const answer = new Headers();
            for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) answer.set(name, Array.isArray(value) ? value.join(', ') : value);
            resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: answer }));
          });
        },
      );
      request.setTimeout(120_000, () => request.destroy(new Error(`S3 ${method} timed out`)));
      request.on('error', reject);
      request.end(bytes);
    });
  }

  async function expectOk(response: Response, what: string) {
    if (response.ok) return;
    const body = await response.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
    throw new Error(`S3 ${what} failed: ${response.status}${code ? ` ${code}` : ''}`);
  }

  async function listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix, ...(token ? { 'continuation-token': token } : {}) });
      const response = await send(`${bucketUrl}/?${query}`);
      await expectOk(response, 'list');
      const xml = await response.text();
      for (const match of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(decodeXml(match[1]!));
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? decodeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '') : undefined;
    } while (token);
    return keys;
  }

  /** A multipart upload (CreateMultipartUpload … CompleteMultipartUpload), one part at a time. */
  async function multipart(key: string, contentType: string) {
    const url = objectUrl(key);
    const created = await send(`${url}?uploads`, { method: 'POST', headers: { 'content-type': contentType } });
    await expectOk(created, 'upload start');
    const uploadId = decodeXml(/<UploadId>([^<]*)<\/UploadId>/.exec(await created.text())?.[1] ?? '');
    if (!uploadId) throw new Error('S3 upload start failed: no UploadId');
    const upload = `${url}?uploadId=${encodeURIComponent(uploadId)}`;
    const etags: string[] = [];
    return {
      async part(bytes: Uint8Array) {
        const partNumber = etags.length + 1;
        // Sent whole once this resolves (S3 answers after the last byte), so the caller may refill its buffer then.
        const response = await sendBytes(`${url}?partNumber=${partNumber}&uploadId=${encodeURIComponent(uploadId)}`, 'PUT', bytes);
        await expectOk(response, 'upload part');
        await response.arrayBuffer().catch(() => undefined);
        const etag = response.headers.get('etag');
        if (!etag) throw new Error('S3 upload part failed: no ETag');
        etags.push(etag);
      },
      async complete() {
        const parts = etags.map((etag, index) => `<Part><PartNumber>${index + 1}</PartNumber><ETag>${encodeXml(etag)}</ETag></Part>`).join('');
        const response = await send(upload, {
          method: 'POST',
          headers: { 'content-type': 'application/xml' },
          body: `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts}</CompleteMultipartUpload>`,
        });
        await expectOk(response, 'upload complete');
        // S3 may answer 200 and still report the failure in the body.
        const body = await response.text();
        const code = /<Error>[\s\S]*?<Code>([^<]*)<\/Code>/.exec(body)?.[1];
        if (code) throw new Error(`S3 upload complete failed: ${code}`);
      },
      async abort() {
        const response = await send(upload, { method: 'DELETE' });
        if (response.status !== 404) await expectOk(response, 'upload abort');
      },
    };
  }

  /** The whole size from `Content-Range: bytes a-b/size`, else from Content-Length, else null. */
  function sizeOf(response: Response): number | null {
    const total = /\/(\d+)\s*$/.exec(response.headers.get('content-range') ?? '')?.[1];
    if (total) return Number(total);
    const length = response.headers.get('content-length');
    return response.status === 200 && length !== null ? Number(length) : null;
  }

  return {
    kind: 's3',
    async put(key, body, contentType) {
      await expectOk(await send(objectUrl(key), { method: 'PUT', body, headers: { 'content-type': contentType } }), 'upload');
    },
    async putStream(key, source, { contentType, maxBytes }) {
      assertKey(key);
      const meter = fileMeter(maxBytes);
      // One part in memory at a time; a file smaller than a part goes up in one PUT and no multipart upload is made.
      const buffer = Buffer.allocUnsafe(partBytes);
      let filled = 0;
      let upload: Awaited<ReturnType<typeof multipart>> | undefined;
      try {
        for await (const chunk of source) {
          meter.update(chunk);
          let offset = 0;
          while (offset < chunk.byteLength) {
            const take = Math.min(partBytes - filled, chunk.byteLength - offset);
            buffer.set(chunk.subarray(offset, offset + take), filled);
            filled += take;
            offset += take;
            if (filled === partBytes) {
              upload ??= await multipart(key, contentType);
              await upload.part(buffer);
              filled = 0;
            }
          }
        }
        const stored = meter.result();
        if (upload) {
          if (filled > 0) await upload.part(buffer.subarray(0, filled));
          await upload.complete();
        } else {
          await expectOk(await sendBytes(objectUrl(key), 'PUT', buffer.subarray(0, filled), { 'content-type': contentType }), 'upload');
        }
        return stored;
      } catch (error) {
        // Parts already sent are kept (and billed) by the bucket until the upload is aborted.
        if (upload) await upload.abort().catch(() => undefined);
        throw error;
      }
    },
    async read(key) {
      const response = await send(objectUrl(key));
      if (response.status === 404) return null;
      await expectOk(response, 'download');
      return Buffer.from(await response.arrayBuffer());
    },
    async readStream(key, range) {
      const response = await send(objectUrl(key), range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {});
      if (response.status === 404) {
        await response.arrayBuffer().catch(() => undefined);
        return null;
      }
      await expectOk(response, 'download');
      let size = sizeOf(response);
      if (size === null) {
        const head = await send(objectUrl(key), { method: 'HEAD' });
        await expectOk(head, 'download');
        size = Number(head.headers.get('content-length'));
      }
      const stream = response.body ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) : Readable.from([]);
      return { stream, size };
    },
    async remove(key) {
      const response = await send(objectUrl(key), { method: 'DELETE' });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status !== 404) await expectOk(response, 'delete');
    },
    async removePrefix(prefix) {
      const keys = await listKeys(assertKey(prefix));
      for (const key of keys) {
        const response = await send(objectUrl(key), { method: 'DELETE' });
        // Already gone (another instance purging the same prefix) is what we wanted.
        if (response.status !== 404) await expectOk(response, 'delete');
      }
      return keys.length;
    },
    async sweepPartials(olderThan) {
      // ListMultipartUploads (every page), then AbortMultipartUpload for each one begun before olderThan.
      const stale: { key: string; uploadId: string }[] = [];
      let markers: { key: string; uploadId: string } | undefined;
      do {
        const query = markers ? `uploads&key-marker=${encodeURIComponent(markers.key)}&upload-id-marker=${encodeURIComponent(markers.uploadId)}` : 'uploads';
        const response = await send(`${bucketUrl}/?${query}`);
        await expectOk(response, 'list uploads');
        const xml = await response.text();
        for (const [, upload] of xml.matchAll(/<Upload>([\s\S]*?)<\/Upload>/g)) {
          const key = decodeXml(/<Key>([^<]*)<\/Key>/.exec(upload!)?.[1] ?? '');
          const uploadId = decodeXml(/<UploadId>([^<]*)<\/UploadId>/.exec(upload!)?.[1] ?? '');
          const initiated = new Date(/<Initiated>([^<]*)<\/Initiated>/.exec(upload!)?.[1] ?? '');
          // Only keys this server writes (a shared bucket may hold others' uploads).
          if (key && uploadId && initiated < olderThan && OUR_KEY(key)) stale.push({ key, uploadId });
        }
        const nextKey = /<NextKeyMarker>([^<]*)<\/NextKeyMarker>/.exec(xml)?.[1];
        const nextId = /<NextUploadIdMarker>([^<]*)<\/NextUploadIdMarker>/.exec(xml)?.[1];
        markers = /<IsTruncated>true<\/IsTruncated>/.test(xml) && nextKey !== undefined && nextId !== undefined ? { key: decodeXml(nextKey), uploadId: decodeXml(nextId) } : undefined;
      } while (markers);
      for (const { key, uploadId } of stale) {
        const response = await send(`${objectUrl(key)}?uploadId=${encodeURIComponent(uploadId)}`, { method: 'DELETE' });
        await response.arrayBuffer().catch(() => undefined);
        if (response.status !== 404) await expectOk(response, 'upload abort');
      }
      return stale.length;
    },
    async check(signal) {
      // HeadBucket: answers 200 when the bucket exists and these keys may list it, as purges need.
      await expectOk(await send(`${bucketUrl}/`, { method: 'HEAD', signal }), 'bucket check');
    },
  };
}
