import type { FastifyRequest } from 'fastify';
import { MAX_ASSET_CARD_FILE_BYTES } from '@aegis/contracts';
import { AppError } from '../../lib/errors';
import { safeFileName } from '../../lib/file-name';
import { openFilePart, rethrowMultipart } from '../../lib/multipart';
import { fileError } from './card-front-matter';

/** Room for the multipart envelope (boundaries, part headers) around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;
const tooLarge = () => new AppError(413, `The card file is larger than ${MAX_ASSET_CARD_FILE_BYTES.toLocaleString('en')} bytes (1 MB): a card is Markdown text`);

export type CardFile = { text: string; fileName: string };

/**
 * The `file` part of a multipart upload as text: 415 for another content type, 413 past 1 MB (a body
 * announced larger is refused before a byte of it is read; a longer part stops being read at the limit),
 * 422 naming `file` when it is missing, empty or not UTF-8 text (binary).
 */
export async function readCardFile(request: FastifyRequest): Promise<CardFile> {
  if (!request.isMultipart()) throw new AppError(415, 'Send the card as multipart/form-data with a part named file');
  const announced = Number(request.headers['content-length']);
  if (announced > MAX_ASSET_CARD_FILE_BYTES + ENVELOPE_BYTES) throw tooLarge();
  const part = await openFilePart(request, { fileSize: MAX_ASSET_CARD_FILE_BYTES, files: 1 });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw fileError(`is required: attach the card (a Hugging Face README.md) as the part named file${part ? ` (it came as ${part.fieldname.slice(0, 50)})` : ''}`);
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    rethrowMultipart(error);
  }
  if (part.file.truncated) throw tooLarge();
  if (bytes.length === 0) throw fileError('is empty');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fileError('is not a text file: a card is Markdown in UTF-8');
  }
  if (text.includes('\u0000')) throw fileError('is not a text file: a card is Markdown in UTF-8 (it holds NUL bytes)');
  const fileName = safeFileName(part.filename ?? '', '');
  return { text, fileName };
}
