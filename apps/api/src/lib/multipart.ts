import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** RFC 2046 §5.1.1: a boundary is 1 to 70 characters. */
const MAX_BOUNDARY = 70;

/** The boundary parameter of a multipart Content-Type, as written (quoted or not); undefined when absent. */
function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? '') : undefined;
}

const malformed = (why: string) => new AppError(400, `The multipart body is malformed: ${why}`, 'bad_request');

/**
 * What the multipart parser (busboy) throws for a body that is not well-formed multipart — plain errors,
 * known by their messages — as the 400 it is; undefined for any other error.
 */
export function malformedMultipart(error: unknown): AppError | undefined {
  const message = error instanceof Error ? error.message : '';
  if (message === 'Multipart: Boundary not found' || message === 'Boundary required') return malformed('its Content-Type has no boundary');
  if (message.startsWith('The needle cannot')) return malformed(`its boundary must be 1 to ${MAX_BOUNDARY} characters`);
  if (message === 'Unexpected end of multipart data' || message.includes('terminated early due to unexpected end of multipart data')) {
    return malformed('it ends before its closing boundary (the body was cut off, or does not use the boundary its Content-Type names)');
  }
  return undefined;
}

/** Rethrows a malformed body's parser error as its 400, any other error as it is. */
export function rethrowMultipart(error: unknown): never {
  throw malformedMultipart(error) ?? error;
}

/**
 * The first part of a multipart request (the upload routes read one, `file`): the Content-Type's boundary
 * is checked first (present, 1 to 70 characters), and a body the parser cannot read answers 400 with what is
 * wrong, never a 500. Reading the part's stream can still fail the same way: pass its error through
 * `rethrowMultipart` (or `malformedMultipart`).
 */
export async function openFilePart(request: FastifyRequest, limits: { fileSize: number; files: number }): Promise<MultipartFile | undefined> {
  const boundary = boundaryOf(request.headers['content-type'] ?? '');
  if (boundary === undefined) throw malformed('its Content-Type has no boundary (multipart/form-data; boundary=…)');
  if (boundary.length === 0 || boundary.length > MAX_BOUNDARY) throw malformed(`its boundary must be 1 to ${MAX_BOUNDARY} characters`);
  try {
    return await request.file({ limits });
  } catch (error) {
    return rethrowMultipart(error);
  }
}
