import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An answer serialized by its route's own serializer, with the ETag of that text. */
export type Revalidatable = { text: string; etag: string };

/** Serializes the body as the route would answer it (status 200) and names that text with a weak ETag. */
export function revalidatable(reply: FastifyReply, body: unknown): Revalidatable {
  const text = String(reply.serialize(body));
  return { text, etag: `W/"${createHash('sha1').update(text).digest('base64url')}"` };
}

/**
 * Answers a read with its ETag, and a repeated read whose copy is still current with 304 and no body.
 * `private, no-cache`: a browser keeps its copy and asks each time.
 */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, answer: Revalidatable) {
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
  const given = request.headers['if-none-match'];
  if (given && given.split(',').some((tag) => tag.trim() === answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.text);
}
