import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase, type Database } from '../src/db/client';
import { projects } from '../src/db/schema';
import { build, testConfig, type TestApp } from './helper';
import { CHATBOT_PROJECT } from '../src/demo/seed-chatbot-project';
import { DATA_CHANNEL, parseDataChange, touches } from '../src/plugins/read-cache';

// The answers of recent reads are kept in each instance's memory (plugins/read-cache.ts); the database
// announces every committed change to the tables they are read from (migration 0022) and every instance
// drops what it holds at once.

/** Tables no answer is read from: sign-in machinery and housekeeping. Anything else needs the trigger. */
const LEFT_OUT = ['local_accounts', 'oidc_payloads', 'rate_limits', 'refresh_tokens', 'server_secrets', 'sessions', 'sign_in_failures', 'storage_purges', 'testing_pushes'];

let t: TestApp;
let project: string;
beforeAll(async () => {
  t = await build();
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
});
afterAll(() => t?.close());

const controls = (suffix = '') => `/api/projects/${project}/controls${suffix}`;
const CODE = 'MFF-1.RSK.01';
type Page = { items: { control_code: string; status: string; title: string }[]; total: number };
const statusOf = (page: Page, code: string) => page.items.find((item) => item.control_code === code)?.status;
/** A control nobody started, so that starting it needs no review decided first. */
const notStarted = (page: Page) => page.items.find((item) => item.status === 'ready')!.control_code;

describe('the tables', () => {
  it('announce every committed change: each table has the trigger, or is listed as one no answer reads', async () => {
    const result = await t.database.db.execute(sql`
      select c.relname as table_name,
             exists (select 1 from pg_trigger g join pg_proc p on p.oid = g.tgfoid
                     where g.tgrelid = c.oid and p.proname like 'aegis\\_data\\_changed%') as triggered
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`);
    const list = (result as unknown as { rows: { table_name: string; triggered: boolean }[] }).rows;
    expect(list.length).toBeGreaterThan(40);
    const missing = list.filter((row) => !row.triggered && !LEFT_OUT.includes(row.table_name)).map((row) => row.table_name);
    expect(missing, 'a table without the aegis_data_changed trigger (migration 0022): add it, or say in LEFT_OUT why no answer reads it').toEqual([]);
    const needless = list.filter((row) => row.triggered && LEFT_OUT.includes(row.table_name)).map((row) => row.table_name);
    expect(needless).toEqual([]);
  });
});

describe('one instance', () => {
  it('answers a repeated read from memory, and the next read after a change through the API sees it', async () => {
    const owner = await t.login('owner@demo.local');
    const first = await owner({ method: 'GET', url: controls('?size=250') });
    expect(first.statusCode).toBe(200);
    const before = t.app.readCache.stats().hits;
    const second = await owner({ method: 'GET', url: controls('?size=250') });
    expect(t.app.readCache.stats().hits).toBe(before + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);

    const code = notStarted(first.json());
    const changed = await owner({ method: 'PATCH', url: controls(`/${code}`), payload: { status: 'in_progress' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(statusOf((await owner({ method: 'GET', url: controls('?size=250') })).json(), code)).toBe('in_progress');
  });

  it('hears a change made behind the API (a database console, a background job)', async () => {
    const owner = await t.login('owner@demo.local');
    const read = async () => (await owner({ method: 'GET', url: controls(`?name=${CODE}`) })).json() as Page;
    const title = (await read()).items[0]!.title;
    await read();
    await t.database.db.execute(sql`update control_definitions set title = ${`${title} (renamed)`} where code = ${CODE}`);
    await t.app.readCache.sync();
    expect((await read()).items[0]!.title).toBe(`${title} (renamed)`);
    await t.database.db.execute(sql`update control_definitions set title = ${title} where code = ${CODE}`);
  });

  it('keeps answers per caller, and checks access before a kept answer is sent', async () => {
    const owner = await t.login('owner@demo.local');
    const outsider = await t.login('outsider@other.local');
    expect((await owner({ method: 'GET', url: controls('?size=5') })).statusCode).toBe(200);
    expect((await owner({ method: 'GET', url: controls('?size=5') })).statusCode).toBe(200);
    // Another organization's member gets the same 404 as before the owner's read was kept.
    expect((await outsider({ method: 'GET', url: controls('?size=5') })).statusCode).toBe(404);
    // A token narrowed to fewer rights is another caller: refused, not served the owner's answer.
    const narrowed = await t.login('owner@demo.local', ['projects:read']);
    expect((await narrowed({ method: 'GET', url: controls('?size=5') })).statusCode).toBe(403);
  });

  it('forgets an answer once time has moved past its bound (dates in answers: overdue, expires in)', async () => {
    const owner = await t.login('owner@demo.local');
    await owner({ method: 'GET', url: controls('?size=7') });
    const { hits } = t.app.readCache.stats();
    t.clock.advance(61_000);
    await owner({ method: 'GET', url: controls('?size=7') });
    expect(t.app.readCache.stats().hits).toBe(hits);
  });

  it('keeps no error, no file and nothing from a route that opts out', async () => {
    const owner = await t.login('owner@demo.local');
    const { entries } = t.app.readCache.stats();
    await owner({ method: 'GET', url: controls('/MFF-1.NOPE.99') });
    await owner({ method: 'GET', url: '/api/users/me' });
    await owner({ method: 'GET', url: '/api/auth/token/status' });
    expect(t.app.readCache.stats().entries).toBe(entries);
  });
});

describe('scoped to what changed (issue 31, item 3)', () => {
  let chatbot: string;
  beforeAll(async () => {
    chatbot = (await t.db.select().from(projects).where(eq(projects.name, CHATBOT_PROJECT)))[0]!.id;
  });

  it('the database names the table and the organization/project of the rows a statement changed, once per transaction', async () => {
    const heard: string[] = [];
    const listener = await t.database.listen(DATA_CHANNEL, (payload) => heard.push(payload));
    try {
      const [row] = (await t.db.select({ organizationId: projects.organizationId }).from(projects).where(eq(projects.id, project)));
      await t.database.db.execute(sql`update project_controls set updated_at = updated_at where project_id = ${project}`);
      await listener.sync();
      expect(heard).toContain(`project_controls ${row!.organizationId}/${project}`);
      // A statement that changed no row says nothing.
      heard.length = 0;
      await t.database.db.execute(sql`update project_controls set updated_at = updated_at where project_id = ${'00000000-0000-0000-0000-000000000000'}`);
      await listener.sync();
      expect(heard).toEqual([]);
      // A built-in control has no organization ('/'): every organization's answers may read it.
      await t.database.db.execute(sql`update control_definitions set title = title where code = ${CODE}`);
      await listener.sync();
      expect(heard).toContain('control_definitions /');
    } finally {
      await listener.stop();
    }
  });

  it("a control's status change drops the project's controls list, not its evidence list nor another project's lists", async () => {
    const owner = await t.login('owner@demo.local');
    const urls = {
      controls: controls('?size=250'),
      evidence: `/api/projects/${project}/evidence_list`,
      otherControls: `/api/projects/${chatbot}/controls?size=250`,
      otherRisks: `/api/projects/${chatbot}/risks`,
    };
    for (const url of Object.values(urls)) expect((await owner({ method: 'GET', url })).statusCode, url).toBe(200);
    const kept = async (url: string) => (await owner({ method: 'GET', url })).headers['x-read-cache'];
    for (const url of Object.values(urls)) expect(await kept(url), url).toBe('hit');

    const code = notStarted((await owner({ method: 'GET', url: urls.controls })).json());
    const changed = await owner({ method: 'PATCH', url: controls(`/${code}`), payload: { status: 'in_progress' } });
    expect(changed.statusCode, changed.body).toBe(200);
    await t.app.readCache.sync();
    const after = await owner({ method: 'GET', url: urls.controls });
    expect(after.headers['x-read-cache']).toBe('miss');
    expect(statusOf(after.json(), code)).toBe('in_progress');
    expect(await kept(urls.evidence)).toBe('hit');
    expect(await kept(urls.otherControls)).toBe('hit');
    expect(await kept(urls.otherRisks)).toBe('hit');
  });

  it('a change behind the API in one project drops what read it there, and nothing of the other project', async () => {
    const owner = await t.login('owner@demo.local');
    const mine = controls('?size=3');
    const other = `/api/projects/${chatbot}/controls?size=3`;
    await owner({ method: 'GET', url: mine });
    await owner({ method: 'GET', url: other });
    await t.database.db.execute(sql`update project_controls set notes = coalesce(notes, '') where project_id = ${chatbot}`);
    await t.app.readCache.sync();
    expect((await owner({ method: 'GET', url: mine })).headers['x-read-cache']).toBe('hit');
    expect((await owner({ method: 'GET', url: other })).headers['x-read-cache']).toBe('miss');
  });

  it('the organization-wide lists (projects, reviews awaiting me) are dropped by a change in any of its projects', async () => {
    const owner = await t.login('owner@demo.local');
    const [row] = await t.db.select({ organizationId: projects.organizationId }).from(projects).where(eq(projects.id, chatbot));
    const list = `/api/organizations/${row!.organizationId}/projects`;
    expect((await owner({ method: 'GET', url: list })).statusCode).toBe(200);
    expect((await owner({ method: 'GET', url: list })).headers['x-read-cache']).toBe('hit');
    await t.database.db.execute(sql`update projects set updated_at = updated_at where id = ${chatbot}`);
    await t.app.readCache.sync();
    expect((await owner({ method: 'GET', url: list })).headers['x-read-cache']).toBe('miss');
  });
});

describe('identical reads at once', () => {
  it('compute one answer: the others wait for it and get the same (a burst of cold reads costs one)', async () => {
    const owner = await t.login('owner@demo.local');
    const url = `/api/projects/${project}/statement-of-applicability?framework=EU_AI_ACT`;
    await t.database.db.execute(sql`update project_controls set updated_at = updated_at where project_id = ${project}`);
    await t.app.readCache.sync();
    const before = t.app.readCache.stats();
    const answers = await Promise.all(Array.from({ length: 6 }, () => owner({ method: 'GET', url })));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const after = t.app.readCache.stats();
    expect(after.coalesced - before.coalesced).toBe(5);
    expect(answers.filter((a) => a.headers['x-read-cache'] === 'miss')).toHaveLength(1);
  });
});

describe('a data change, in words', () => {
  const source = { organizationId: 'o1', projectId: 'p1', tables: ['project_controls', 'users'] };
  it.each([
    { payload: 'project_controls o1/p1', touches: true },
    { payload: 'project_controls o1/p2', touches: false },
    { payload: 'project_controls o2/p1', touches: false },
    { payload: 'project_controls o1/', touches: true },
    { payload: 'project_controls o2/,o1/p1', touches: true },
    { payload: 'evidences o1/p1', touches: false },
    { payload: 'users', touches: true },
    { payload: '', touches: true },
  ])('$payload: $touches', ({ payload, touches: expected }) => {
    expect(touches(parseDataChange(payload), source)).toBe(expected);
    // An answer read for no project in particular (an organization-wide list) is touched by any of its projects.
    if (payload.startsWith('project_controls o1/')) expect(touches(parseDataChange(payload), { ...source, projectId: null })).toBe(true);
    // An answer whose tables are unknown is touched by any change in its scope.
    if (payload === 'evidences o1/p1') expect(touches(parseDataChange(payload), { ...source, tables: null })).toBe(true);
  });
});

// Two instances on one PostgreSQL database: what one of them changes, the other's reads show within a second.
describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let second: { app: Awaited<ReturnType<typeof buildApp>>; database: Database };
  beforeAll(async () => {
    const database = await createDatabase({ databaseUrl: t.databaseUrl! });
    const app = await buildApp({ config: testConfig(), database, logger: false, jobs: { workers: false } });
    await app.ready();
    second = { app, database };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it("shows a status saved on one instance in the other's next reads within a second", async () => {
    const token = (await t.tokensFor('owner@demo.local')).access_token;
    const onSecond = async () =>
      (await second.app.inject({ method: 'GET', url: controls('?size=250'), headers: { authorization: `Bearer ${token}` } })).json() as Page;
    const code = notStarted(await onSecond());
    const hits = second.app.readCache.stats().hits;
    expect(statusOf(await onSecond(), code)).toBe('ready');
    expect(second.app.readCache.stats().hits).toBe(hits + 1);

    const savedAt = Date.now();
    const changed = await t.as(token)({ method: 'PATCH', url: controls(`/${code}`), payload: { status: 'in_progress' } });
    expect(changed.statusCode, changed.body).toBe(200);
    let seenAfter: number | undefined;
    while (Date.now() - savedAt < 1_000) {
      if (statusOf(await onSecond(), code) === 'in_progress') {
        seenAfter = Date.now() - savedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(seenAfter, 'the second instance still answered the old status a second later').toBeDefined();
  });
});
