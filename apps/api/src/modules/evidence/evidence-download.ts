import type { FastifyReply } from 'fastify';
import { PREVIEWABLE_FILE_TYPES } from '@aegis/contracts';
import { AppError, notFound } from '../../lib/errors';
import { BIDI_CONTROL } from '../../lib/file-name';
import type { RequestContext } from '../../plugins/auth';
import { evidenceRepository } from './evidence-repository';
import type { EvidenceDeps } from './evidence-service';

export type ByteRange = { start: number; end: number };

/**
 * The one range of a `Range` header (RFC 9110 §14): undefined to send the whole file (no header, or
 * several ranges, which this server answers whole), the range clamped to the file, or `unsatisfiable`
 * for a range the file does not have or a header it cannot read (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (/^bytes=[^,]+(,[^,]+)+$/i.test(value)) return undefined;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/i.exec(value);
  if (!match || (match[1] === '' && match[2] === '')) return 'unsatisfiable';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Content-Disposition for a stored file (RFC 6266): its name as an ASCII fallback and in UTF-8
 * (RFC 5987), control characters, bidirectional controls, quotes and path separators dropped.
 */
export function disposition(kind: 'attachment' | 'inline', fileName: string): string {
  const safe = [...fileName.replace(BIDI_CONTROL, '')].map((c) => (c < ' ' || c === '\u007f' || c === '/' || c === '\\' ? ' ' : c)).join('').trim() || 'file';
  const ascii = safe.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["%;\\]/g, '').trim() || 'file';
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * What a previewed file may do in the browser: nothing — no script, no form, no plugin, no request of its
 * own (`sandbox`); framed by the app only.
 */
const PREVIEW_POLICY = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

export type Download =
  | { status: 200 | 206; headers: Record<string, string>; stream: NodeJS.ReadableStream }
  | { status: 416; headers: Record<string, string>; body: { detail: string; code: string } };

/**
 * A version of an evidence (the current one by default) as it was stored, streamed: a single range
 * answers 206 with Content-Range, a range the file does not have 416; an attachment by default, inline
 * (with a policy that lets it do nothing) only for PDFs and images; its ETag is its SHA-256. The file
 * missing from the storage is 404, the storage failing 503.
 */
export async function downloadEvidence(
  deps: EvidenceDeps,
  ctx: RequestContext,
  projectId: string,
  evidenceId: string,
  query: { version?: number; inline: boolean },
  request: { range?: string; ifRange?: string },
): Promise<Download> {
  const version = await evidenceRepository.version(deps.db, ctx.organizationId!, projectId, evidenceId, query.version);
  if (!version) {
    if (query.version !== undefined && (await evidenceRepository.exists(deps.db, ctx.organizationId!, projectId, evidenceId))) throw notFound(`Version ${query.version} of this evidence`);
    throw notFound('Evidence');
  }
  const size = Number(version.size);
  const etag = `"${version.sha256}"`;
  // If-Range naming another version of the bytes: the whole file, as RFC 9110 §13.1.5 says.
  const range = request.ifRange !== undefined && request.ifRange !== etag ? undefined : parseRange(request.range, size);
  if (range === 'unsatisfiable') {
    return { status: 416, headers: { 'content-range': `bytes */${size}` }, body: { detail: `The file has ${size} bytes: ${request.range} asks for none of them`, code: 'range_not_satisfiable' } };
  }
  const opened = await deps.storage.readStream(version.storage_key, range).catch((error: unknown) => {
    throw Object.assign(new AppError(503, 'The file storage is unavailable right now; try again shortly'), { cause: error });
  });
  if (!opened) throw new AppError(404, `The stored file of version ${version.version} of “${version.evidence_name}” is missing`, 'file_missing');
  const inline = query.inline && PREVIEWABLE_FILE_TYPES.includes(version.file_type);
  const headers: Record<string, string> = {
    'content-type': version.content_type,
    'content-disposition': disposition(inline ? 'inline' : 'attachment', version.file_name),
    'content-length': String(range ? range.end - range.start + 1 : size),
    'accept-ranges': 'bytes',
    etag,
    'cache-control': 'private, no-cache',
    'x-content-type-options': 'nosniff',
    ...(inline ? { 'content-security-policy': PREVIEW_POLICY } : {}),
    ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${size}` } : {}),
  };
  return { status: range ? 206 : 200, headers, stream: opened.stream };
}

/** Answers a download: the bytes, or the 416 with its Content-Range. */
export function sendDownload(reply: FastifyReply, download: Download) {
  reply.status(download.status).headers(download.headers);
  return 'stream' in download ? reply.send(download.stream) : reply.send(download.body);
}
