import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers a read with an ETag, and a repeated read whose copy is still current with 304 and no body.
 * The body is serialized here by the route's own serializer (the one the answer would go through anyway),
 * hashed, and sent as that text. `private, no-cache`: a browser keeps its copy and asks each time.
 */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const text = String(reply.serialize(body));
  const etag = `W/"${createHash('sha1').update(text).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  const given = request.headers['if-none-match'];
  if (given && given.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(text);
}
