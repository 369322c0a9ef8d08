import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUp } from '../lib/paths';
import { loadIndexPage, matchesEtag } from './spa-index-page';

const API_PREFIXES = ['/api/', '/api', '/idp/', '/idp'];

/** Hashed file names change with their content, so a copy never goes stale. */
export const HASHED_CACHE = 'public, max-age=31536000, immutable';
/** Stable names (index.html, favicon): the browser keeps a copy but asks before each use. */
export const REVALIDATE_CACHE = 'no-cache';

export type SpaOptions = {
  /** The built web app; tests pass a folder of their own, otherwise apps/web/dist is looked up. */
  root?: string;
};

/**
 * Serves the built web app, each file as the brotli or gzip copy the build made when the client accepts
 * it; any other GET falls back to index.html so client-side routes load. Unknown /api and /idp paths
 * answer a JSON 404 instead.
 */
export default fp<SpaOptions>(async function spa(app: FastifyInstance, options: SpaOptions) {
  const root = options.root ?? findUp(path.join('apps', 'web', 'dist'), 'index.html') ?? findUp(path.join('web', 'dist'), 'index.html');
  if (root) {
    const assets = path.join(root, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', file.startsWith(assets) ? HASHED_CACHE : REVALIDATE_CACHE),
      allowedPath: (pathname) => pathname.startsWith('/assets/') || /^\/[^/]+\.(svg|png|ico|txt|webmanifest)$/.test(pathname),
    });
  }
  const indexPage = root ? loadIndexPage(root) : undefined;

  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url === prefix || request.url.startsWith(prefix.endsWith('/') ? prefix : `${prefix}?`));
    // A missing file must not answer with the page: an old tab asking for a replaced chunk needs a 404.
    const isFile = request.url.startsWith('/assets/') || /^\/[^/?]+\.[a-z0-9]+(\?|$)/i.test(request.url);
    if (!isApi && !isFile && (request.method === 'GET' || request.method === 'HEAD') && indexPage) {
      const page = indexPage.select(request.headers['accept-encoding']);
      reply.header('cache-control', REVALIDATE_CACHE).header('vary', 'Accept-Encoding').header('etag', page.etag);
      if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
      if (page.encoding) reply.header('content-encoding', page.encoding);
      return reply.type('text/html; charset=utf-8').send(page.body);
    }
    const detail = !isApi && !indexPage
      ? 'The web app is not built: run npm run build'
      : `Route ${request.method} ${request.url.split('?')[0]} not found`;
    return reply.status(404).send({ detail, code: 'not_found' });
  });
});
