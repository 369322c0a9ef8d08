import type { FastifyRequest } from 'fastify';
import { fileTooLargeMessage, MAX_EVIDENCE_BYTES } from '@aegis/contracts';
import { AppError } from '../../lib/errors';
import { openFilePart } from '../../lib/multipart';
import type { IncomingFile } from './evidence-files';

/** Room for the multipart envelope (boundaries, part headers, a few fields) around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Opens the `file` part of a multipart upload as a stream, never reading it whole: 415 for another
 * content type, 413 for a body announced larger than the limit allows (before a byte of it is read),
 * 400 for a malformed multipart body, 422 naming `file` when no file part comes or it is named otherwise. The parser stops one byte past
 * the limit, so that the storage sees the file is too large (and keeps nothing of it).
 */
export async function openEvidenceFile(request: FastifyRequest): Promise<IncomingFile> {
  if (!request.isMultipart()) throw new AppError(415, 'Send the file as multipart/form-data with a part named file');
  const announced = Number(request.headers['content-length']);
  if (announced > MAX_EVIDENCE_BYTES + ENVELOPE_BYTES) throw new AppError(413, fileTooLargeMessage(['the file']));
  const part = await openFilePart(request, { fileSize: MAX_EVIDENCE_BYTES + 1, files: 1 });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    const message = part ? `is required: the file came in a part named ${part.fieldname.slice(0, 50)}` : 'is required';
    throw new AppError(422, `file: attach the evidence as the multipart part named file${part ? ` (it came as ${part.fieldname.slice(0, 50)})` : ''}`, 'unprocessable_content', [{ path: 'body.file', message }]);
  }
  return { fileName: part.filename ?? '', source: part.file, truncated: () => part.file.truncated };
}
