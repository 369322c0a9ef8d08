import { eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../src/db/schema';
import { uploadEvidence } from './factories';
import { build, type TestApp } from './helper';

// Issue 31, item 4: the save of a risk, an evidence and an asset card (PATCH of status and fields) is one
// statement, as a control's is: the row read with its version, the lock rule and the life cycle checked,
// then the UPDATE guarded by that version with its activity entries and the NOTIFY; when another change
// came first, read again and retried. These tests put another change between the read and the write
// (the statement is held back until it has landed), so they fail if the save stops being guarded.
let t: TestApp;
let project: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await build();
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  for (const who of ['owner', 'editor', 'reviewer']) ids[who] = (await t.db.select().from(users).where(eq(users.email, `${who}@demo.local`)))[0]!.id;
});
afterAll(() => t.close());

const as = (who: string) => t.login(`${who}@demo.local`);

type Entry = { action: string; before: Record<string, unknown> | null; after: Record<string, unknown> };
type Item = { id: string; name: string; description: string; status: string; updated_at: string; status_history: { from: string | null; to: string }[] };

/** The three concepts: where they live, how one is made, and their review concept. */
const concepts = [
  {
    concept: 'risk',
    path: () => `/api/projects/${project}/risks`,
    async create(name: string) {
      const created = await (await as('editor'))({ method: 'POST', url: `/api/projects/${project}/risks`, payload: { name, description: 'First description', likelihood: 2, impact: 2 } });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as string;
    },
  },
  {
    concept: 'evidence',
    path: () => `/api/projects/${project}/evidence`,
    async create(name: string) {
      const uploaded = await uploadEvidence(await as('editor'), project, `${name} body`, { filename: 'one-statement.txt', query: { name, description: 'First description' } });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      return uploaded.json().id as string;
    },
  },
  {
    concept: 'asset_card',
    path: () => `/api/projects/${project}/asset_cards`,
    async create(name: string) {
      const created = await (await as('editor'))({ method: 'POST', url: `/api/projects/${project}/asset_cards`, payload: { name, description: 'First description', asset_card_type: 'model', asset_card_nature: 'in_house' } });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as string;
    },
  },
] as const;

async function read(path: string) {
  const response = await (await as('owner'))({ method: 'GET', url: path });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Item;
}

async function entries(id: string, action?: string) {
  const log = (await (await as('owner'))({ method: 'GET', url: `/api/projects/${project}/logs/${id}?size=100` })).json().items as Entry[];
  return action ? log.filter((e) => e.action === action) : log;
}

/**
 * Runs `save` with `meanwhile` landing between its read and its write: the first one-statement write
 * (`with changed as …`) sent to the database waits until `meanwhile` is done. Answers whether a
 * statement was held back (the save went the one-statement way).
 */
async function withChangeBetweenReadAndWrite<T>(meanwhile: () => Promise<void>, save: () => Promise<T>): Promise<{ result: T; heldBack: boolean }> {
  const db = t.db as unknown as { execute: (query: SQL) => Promise<unknown>; dialect: { sqlToQuery(query: SQL): { sql: string } } };
  // The app's database is this object; its execute is drizzle's, from the prototype (restored by deleting ours).
  expect(Object.prototype.hasOwnProperty.call(db, 'execute')).toBe(false);
  const execute = db.execute;
  let heldBack = false;
  db.execute = async function (this: unknown, query: SQL) {
    if (!heldBack && db.dialect.sqlToQuery(query).sql.trimStart().startsWith('with changed as')) {
      heldBack = true;
      await meanwhile();
    }
    return execute.call(this, query);
  };
  try {
    return { result: await save(), heldBack };
  } finally {
    delete (db as { execute?: unknown }).execute;
  }
}

/** Requests a review of the item (the editor asks Rita); answers how to approve it. */
async function underReview(concept: string, id: string) {
  const requested = await (await as('editor'))({ method: 'POST', url: `/api/projects/${project}/reviews/${concept}/${id}`, payload: { reviewers: [ids.reviewer!] } });
  expect(requested.statusCode, requested.body).toBe(201);
  return async () => {
    const decided = await (await as('reviewer'))({ method: 'PATCH', url: `/api/projects/${project}/reviews/${concept}/${id}/decision`, payload: { decision: 'approved', comment: 'Complete.' } });
    expect(decided.statusCode, decided.body).toBe(200);
  };
}

describe.each(concepts)('the save of a $concept', ({ concept, path, create }) => {
  it('writes a status change and a field change each with exactly its entries, and answers the new version', async () => {
    const id = await create(`${concept} one-statement entries`);
    const url = `${path()}/${id}`;
    const editor = await as('editor');
    const start = await read(url);
    const to = start.status === 'ready' ? 'in_progress' : 'ready';
    const logged = (await entries(id)).length;

    const moved = await editor({ method: 'PATCH', url, payload: { status: to } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: to, status_history: [expect.objectContaining({ from: start.status, to })] });
    expect(Date.parse(moved.json().updated_at)).toBeGreaterThan(Date.parse(start.updated_at));
    const afterStatus = await entries(id);
    expect(afterStatus).toHaveLength(logged + 1);
    expect(afterStatus[0]).toMatchObject({ action: 'status_changed', before: { status: start.status }, after: { status: to, via: 'manual', justification: null } });

    const renamed = await editor({ method: 'PATCH', url, payload: { name: `${concept} renamed` } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: `${concept} renamed`, status: to, description: 'First description' });
    expect(Date.parse(renamed.json().updated_at)).toBeGreaterThan(Date.parse(moved.json().updated_at));
    const afterName = await entries(id);
    expect(afterName).toHaveLength(logged + 2);
    expect(afterName[0]).toMatchObject({ action: 'updated', before: { name: `${concept} one-statement entries` }, after: { name: `${concept} renamed` } });
    expect(Object.keys(afterName[0]!.before!)).toEqual(['name']);

    // Both in one PATCH: one write, the status change's entry and the fields' entry.
    const both = await editor({ method: 'PATCH', url, payload: { status: start.status, description: 'Second description' } });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({ status: start.status, description: 'Second description' });
    const afterBoth = await entries(id);
    expect(afterBoth).toHaveLength(logged + 4);
    expect(afterBoth.slice(0, 2).map((e) => e.action).sort()).toEqual(['status_changed', 'updated']);

    // Nothing to change: nothing written.
    const same = await editor({ method: 'PATCH', url, payload: { status: start.status, description: 'Second description' } });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().updated_at).toBe(both.json().updated_at);
    expect(await entries(id)).toHaveLength(logged + 4);
  });

  it('reads again when another change lands between its read and its write: neither is lost, each has its entry', async () => {
    const id = await create(`${concept} one-statement race`);
    const url = `${path()}/${id}`;
    const editor = await as('editor');
    const owner = await as('owner');
    const start = await read(url);

    // Two saves from the same version: the second to write finds the row changed, reads it again and writes on top of the first.
    const { result: renamed, heldBack } = await withChangeBetweenReadAndWrite(
      async () => {
        const first = await owner({ method: 'PATCH', url, payload: { description: 'Written meanwhile' } });
        expect(first.statusCode, first.body).toBe(200);
      },
      () => editor({ method: 'PATCH', url, payload: { name: `${concept} race renamed` } }),
    );
    expect(heldBack).toBe(true);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: `${concept} race renamed`, description: 'Written meanwhile' });
    expect(await read(url)).toMatchObject({ name: `${concept} race renamed`, description: 'Written meanwhile' });
    const updates = await entries(id, 'updated');
    expect(updates.map((e) => e.before)).toEqual([{ name: `${concept} one-statement race` }, { description: 'First description' }]);

    // The same status asked twice from the same version: one changes it, the other finds it done — one entry.
    const to = start.status === 'ready' ? 'in_progress' : 'ready';
    const race = await withChangeBetweenReadAndWrite(
      async () => {
        const first = await owner({ method: 'PATCH', url, payload: { status: to } });
        expect(first.statusCode, first.body).toBe(200);
      },
      () => editor({ method: 'PATCH', url, payload: { status: to } }),
    );
    expect(race.heldBack).toBe(true);
    expect(race.result.statusCode, race.result.body).toBe(200);
    expect(race.result.json().status).toBe(to);
    expect((await entries(id, 'status_changed')).map((e) => [e.before?.status, e.after.status])).toEqual([[start.status, to]]);
  });

  it('loses no change and no entry when writers save at once', async () => {
    const id = await create(`${concept} one-statement writers`);
    const url = `${path()}/${id}`;
    const editor = await as('editor');
    const owner = await as('owner');
    const start = await read(url);
    const to = start.status === 'ready' ? 'in_progress' : 'ready';
    const answers = await Promise.all([
      editor({ method: 'PATCH', url, payload: { name: `${concept} writers renamed` } }),
      owner({ method: 'PATCH', url, payload: { description: 'Writers description' } }),
      ...Array.from({ length: 6 }, (_, i) => (i % 2 ? owner : editor)({ method: 'PATCH', url, payload: { status: to } })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await read(url)).toMatchObject({ name: `${concept} writers renamed`, description: 'Writers description', status: to });
    expect(await entries(id, 'status_changed')).toHaveLength(1);
    expect((await entries(id, 'updated')).map((e) => Object.keys(e.before!)[0]).sort()).toEqual(['description', 'name']);
  });

  it('keeps an approved one locked, also when the approval lands between its read and its write', async () => {
    const id = await create(`${concept} one-statement approved`);
    const url = `${path()}/${id}`;
    const editor = await as('editor');
    const approve = await underReview(concept, id);

    // Approved while the save was on its way: its write finds the row changed, reads it again and is refused.
    const { result: late, heldBack } = await withChangeBetweenReadAndWrite(approve, () => editor({ method: 'PATCH', url, payload: { name: `${concept} too late` } }));
    expect(heldBack).toBe(true);
    expect([late.statusCode, late.json().code]).toEqual([409, 'locked']);
    const approved = await read(url);
    expect(approved).toMatchObject({ status: 'approved', name: `${concept} one-statement approved` });
    const logged = (await entries(id)).length;

    for (const payload of [{ name: 'changed' }, { description: 'changed' }, { status: 'ready' }]) {
      const refused = await editor({ method: 'PATCH', url, payload });
      expect([refused.statusCode, refused.json().code], JSON.stringify(payload)).toEqual([409, 'locked']);
    }
    expect(await read(url)).toMatchObject({ status: 'approved', name: approved.name, description: approved.description, updated_at: approved.updated_at });
    expect(await entries(id)).toHaveLength(logged);
    expect(await entries(id, 'updated')).toHaveLength(0);
  });
});

describe('the save of an evidence held by a control', () => {
  it('is refused when the control is approved between its read and its write (held_by_approved_control), and writes nothing', async () => {
    const owner = await as('owner');
    const page = (await owner({ method: 'GET', url: `/api/projects/${project}/controls?status=ready&size=250&sort_by=control_code` })).json();
    const control = (page.items as { id: string; control_code: string }[]).at(-1)!;
    const evidenceId = await concepts[1].create('Held evidence');
    const url = `/api/projects/${project}/evidence/${evidenceId}`;
    expect((await owner({ method: 'PUT', url: `/api/projects/${project}/controls/${control.control_code}/evidence/${evidenceId}` })).statusCode).toBe(204);
    const approve = await underReview('control', control.id);
    const logged = (await entries(evidenceId)).length;

    const { result: late, heldBack } = await withChangeBetweenReadAndWrite(approve, async () => (await as('editor'))({ method: 'PATCH', url, payload: { name: 'Renamed too late' } }));
    expect(heldBack).toBe(true);
    expect([late.statusCode, late.json().code]).toEqual([409, 'held_by_approved_control']);
    expect(late.json().detail).toContain(control.control_code);
    expect(await read(url)).toMatchObject({ name: 'Held evidence', held_by_approved_controls: [control.control_code] });
    expect(await entries(evidenceId)).toHaveLength(logged);

    // Its status may still change (what the control was approved on is its content).
    const moved = await (await as('editor'))({ method: 'PATCH', url, payload: { status: 'in_progress' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await entries(evidenceId, 'status_changed')).toHaveLength(1);
  });
});
