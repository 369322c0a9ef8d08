import type { FastifyRequest } from 'fastify';
import { MAX_FRAMEWORK_TEMPLATE_BYTES } from '@aegis/contracts';
import { AppError } from '../../lib/errors';
import { openFilePart, rethrowMultipart } from '../../lib/multipart';
import type { TemplateFile } from './template-upload';

/** Room for the multipart envelope (boundaries, part headers) around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * The `file` part of a multipart upload, read whole up to the template limit (413 beyond it): a body
 * announced larger is refused before a byte of it is read, and a longer file part stops being read at
 * the limit. A malformed multipart body answers 400.
 */
export async function readTemplateFile(request: FastifyRequest): Promise<TemplateFile> {
  if (!request.isMultipart()) throw new AppError(415, 'Send the template as multipart/form-data with a part named file');
  const announced = Number(request.headers['content-length']);
  if (announced > MAX_FRAMEWORK_TEMPLATE_BYTES + ENVELOPE_BYTES) {
    throw new AppError(413, `The upload is ${announced} bytes; a template can be at most ${MAX_FRAMEWORK_TEMPLATE_BYTES} bytes`);
  }
  const part = await openFilePart(request, { fileSize: MAX_FRAMEWORK_TEMPLATE_BYTES, files: 1 });
  if (!part || part.fieldname !== 'file') {
    throw new AppError(422, 'file: attach the template (JSON or YAML) as the part named file', 'unprocessable_content', [{ path: 'body.file', message: 'is required' }]);
  }
  const bytes = await part.toBuffer().catch(rethrowMultipart);
  return { bytes, filename: part.filename, contentType: part.mimetype };
}
