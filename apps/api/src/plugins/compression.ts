import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** JSON (plain and `+json`), and the text assets of the API reference (`/api/docs`). */
const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|application\/javascript|text\/(?:css|html|javascript))(?:;|$)/;
/** Smaller answers gain less than the encoding costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers of the types above, from 1 KB, with brotli or gzip as the client accepts. Files
 * (PDF reports, stored files) and the notification stream keep their bytes as they are: their types are
 * not listed, and the stream takes over the raw response. The built web app arrives here already
 * compressed (plugins/spa.ts), so it is passed through.
 */
export default fp(async function compression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    // Request bodies stay uncompressed: a small compressed body could expand past the body limit.
    globalDecompression: false,
  });
});
