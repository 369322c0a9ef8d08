import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUp } from '../lib/paths';

const API_PREFIXES = ['/api/', '/api', '/idp/', '/idp'];

/**
 * Serves the built web app; any other GET falls back to index.html so client-side routes load.
 * Unknown /api and /idp paths answer a JSON 404 instead.
 */
export default fp(async function spa(app: FastifyInstance) {
  const root = findUp(path.join('apps', 'web', 'dist'), 'index.html') ?? findUp(path.join('web', 'dist'), 'index.html');
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
      allowedPath: (pathname) => pathname.startsWith('/assets/') || /^\/[^/]+\.(svg|png|ico|txt|webmanifest)$/.test(pathname),
    });
  }
  const indexHtml = root ? fs.readFileSync(path.join(root, 'index.html'), 'utf8') : undefined;

  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url === prefix || request.url.startsWith(prefix.endsWith('/') ? prefix : `${prefix}?`));
    // A missing file must not answer with the page: an old tab asking for a replaced chunk needs a 404.
    const isFile = request.url.startsWith('/assets/') || /^\/[^/?]+\.[a-z0-9]+(\?|$)/i.test(request.url);
    if (!isApi && !isFile && (request.method === 'GET' || request.method === 'HEAD') && indexHtml) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    const detail = !isApi && !indexHtml
      ? 'The web app is not built: run npm run build'
      : `Route ${request.method} ${request.url.split('?')[0]} not found`;
    return reply.status(404).send({ detail, code: 'not_found' });
  });
});
