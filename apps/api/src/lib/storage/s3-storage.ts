import { AwsClient } from 'aws4fetch';
import { assertKey, type FileStorage } from './file-storage';

export type S3Options = { endpoint: string | undefined; bucket: string; region: string | undefined; accessKeyId: string; secretAccessKey: string };

const decodeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp);/g, (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[entity]!);

/**
 * An S3-compatible bucket through its REST API, signed with AWS Signature V4. A custom endpoint (MinIO,
 * R2, …) is addressed path-style (`{endpoint}/{bucket}/{key}`); AWS itself virtual-hosted style.
 */
export function s3Storage(options: S3Options, fetchImpl: typeof fetch = fetch): FileStorage {
  const region = options.region ?? 'us-east-1';
  const client = new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, service: 's3', region });
  const bucketUrl = options.endpoint
    ? `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`
    : `https://${options.bucket}.s3.${region}.amazonaws.com`;
  const objectUrl = (key: string) => `${bucketUrl}/${assertKey(key).split('/').map(encodeURIComponent).join('/')}`;

  async function send(url: string, init: RequestInit = {}) {
    const signed = await client.sign(url, init);
    return fetchImpl(signed);
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

  return {
    kind: 's3',
    async put(key, body, contentType) {
      await expectOk(await send(objectUrl(key), { method: 'PUT', body, headers: { 'content-type': contentType } }), 'upload');
    },
    async read(key) {
      const response = await send(objectUrl(key));
      if (response.status === 404) return null;
      await expectOk(response, 'download');
      return Buffer.from(await response.arrayBuffer());
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
    async check(signal) {
      // HeadBucket: answers 200 when the bucket exists and these keys may list it, as purges need.
      await expectOk(await send(`${bucketUrl}/`, { method: 'HEAD', signal }), 'bucket check');
    },
  };
}
