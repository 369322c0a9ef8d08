import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';

/**
 * What the router itself refuses, before any route: a path that is not valid percent-encoding, a path
 * parameter longer than the router passes on. Found by the schema fuzzer (test/fuzz): they answered 400
 * and 414 in Fastify's own shape, which no operation documents, and an object id of 101 to 200 characters
 * (valid by its schema) never reached its route.
 */
let t: TestApp;
let project: string;
beforeAll(async () => {
  t = await build();
  const demo = await organizationId(t, 'Demo Organization');
  const admin = await t.login('admin@demo.local');
  project = (await admin({ method: 'GET', url: `/api/organizations/${demo}/projects` })).json().items[0].id;
});
afterAll(() => t.close());

it('answers a path that is not valid percent-encoding with a 422 Problem, as an invalid path parameter', async () => {
  const admin = await t.login('admin@demo.local');
  for (const url of ['/api/projects/%ZZ', `/api/projects/${project}/controls/%C0%AF`, '/api/no-such-route/%E0%A4%A']) {
    const response = await admin({ method: 'GET', url });
    expect(response.statusCode, url).toBe(422);
    expect(response.json()).toEqual({
      detail: 'The path is not valid percent-encoded UTF-8',
      code: 'unprocessable_content',
      errors: [{ path: 'params', message: 'is not valid percent-encoded UTF-8' }],
    });
  }
});

it('passes a path parameter as long as its schema allows to the route, and answers a longer one with a 422 Problem', async () => {
  const admin = await t.login('admin@demo.local');
  const activity = (objectId: string) => `/api/projects/${project}/logs/${objectId}`;
  const within = await admin({ method: 'GET', url: activity('a'.repeat(200)) });
  expect(within.statusCode).toBe(200);
  expect(within.json()).toMatchObject({ items: [], total: 0 });
  const beyondSchema = await admin({ method: 'GET', url: activity('a'.repeat(201)) });
  expect(beyondSchema.statusCode).toBe(422);
  expect(beyondSchema.json().errors).toEqual([expect.objectContaining({ path: 'params.object_id' })]);
  const beyondRouter = await admin({ method: 'GET', url: activity('a'.repeat(1025)) });
  expect(beyondRouter.statusCode).toBe(422);
  expect(beyondRouter.json()).toMatchObject({ code: 'unprocessable_content', errors: [{ path: 'params' }] });
});
