import type { FastifyRequest } from 'fastify';
import { MAX_FRAMEWORK_TEMPLATE_BYTES } from '@aegis/contracts';
import { AppError } from '../../lib/errors';
import type { TemplateFile } from './template-upload';

/** The `file` part of a multipart upload, read whole up to the template limit (413 beyond it). */
export async function readTemplateFile(request: FastifyRequest): Promise<TemplateFile> {
  if (!request.isMultipart()) throw new AppError(415, 'Send the template as multipart/form-data with a part named file');
  const part = await request.file({ limits: { fileSize: MAX_FRAMEWORK_TEMPLATE_BYTES, files: 1 } });
  if (!part || part.fieldname !== 'file') {
    throw new AppError(422, 'file: attach the template (JSON or YAML) as the part named file', 'unprocessable_content', [{ path: 'body.file', message: 'is required' }]);
  }
  const bytes = await part.toBuffer();
  return { bytes, filename: part.filename, contentType: part.mimetype };
}
