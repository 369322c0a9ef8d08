import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerLookups } from '../src/composition';
import auth from '../src/plugins/auth';
import { access } from '../src/plugins/access';
import { DEMO_PROJECT } from '../src/demo/seed';
import { projects } from '../src/db/schema';
import { build, type TestApp } from './helper';

/** The only routes anybody may call without a token. Adding one here is a deliberate decision. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/client-config',
  'GET /api/openapi.json',
  'GET /api/auth/authorize',
  'GET /api/auth/authorize/:token',
  'POST /api/auth/token',
  'POST /api/auth/register',
  'POST /api/auth/refresh',
  'POST /api/auth/revoke',
  'GET /api/auth/logout',
  'GET /api/auth/dummy',
  'GET /api/schemas/framework-template.json',
];

let t: TestApp;
beforeAll(async () => {
  t = await build({}, {
    beforeReady: (app) => {
      // A route of the shape later features use, to exercise the project-scoped checks.
      app.get('/api/test/projects/:project_id/risks', { config: { access: access.project('risks:create') } }, async () => ({ ok: true }));
    },
  });
});
afterAll(() => t.close());

describe('route permissions', () => {
  it('every /api route declares its access, and only the known routes are public', () => {
    const apiRoutes = t.app.routeAccess.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && !r.url.startsWith('/api/test'));
    expect(apiRoutes.length).toBeGreaterThan(15);
    const undeclared = apiRoutes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    const publicRoutes = apiRoutes.filter((r) => r.access?.kind === 'public').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('the docs pages are public and the rest of /api refuses an anonymous call', async () => {
    const protectedRoutes = t.app.routeAccess.filter((r) => r.url.startsWith('/api') && r.access && r.access.kind !== 'public');
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const response = await t.app.inject({ method: route.method as 'GET', url });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses to register an /api route that declares no access', async () => {
    const app: FastifyInstance = Fastify();
    await app.register(auth, { lookups: callerLookups });
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow('Route GET /api/forgotten declares no access (config.access)');
    await app.close();
  });

  it('enforces project rights: role rights, full access, 403 without the right, 404 for another organization', async () => {
    const [project] = await t.db.select().from(projects);
    expect(project!.name).toBe(DEMO_PROJECT);
    const url = `/api/test/projects/${project!.id}/risks`;
    const status = async (email: string) => (await (await t.login(email))({ method: 'GET', url })).statusCode;
    expect(await status('owner@demo.local')).toBe(200);
    expect(await status('editor@demo.local')).toBe(200);
    expect(await status('admin@demo.local')).toBe(200); // projects:full_access
    expect(await status('super@demo.local')).toBe(200);
    expect(await status('reviewer@demo.local')).toBe(403);
    expect(await status('auditor@demo.local')).toBe(403);
    expect(await status('outsider@other.local')).toBe(404);
    const unknown = await (await t.login('owner@demo.local'))({ method: 'GET', url: '/api/test/projects/not-a-uuid/risks' });
    expect(unknown.statusCode).toBe(404);
  });
});
