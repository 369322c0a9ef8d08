import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storagePurges } from '../src/db/schema';
import { localStorage } from '../src/lib/storage/local-storage';
import { runPurges } from '../src/lib/storage/purges';
import type { FileStorage } from '../src/lib/storage';
import { organizationFilePrefix, projectFilePrefix } from '../src/modules/projects/project-files';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-files-'));
const disk = localStorage(root);
/** The disk, except that removals fail while `down` is set, as when the bucket is unreachable. */
let down = false;
const storage: FileStorage = {
  ...disk,
  removePrefix: (prefix) => (down ? Promise.reject(new Error('storage unreachable')) : disk.removePrefix(prefix)),
};

let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await build({}, { storage });
  demo = await organizationId(t, 'Demo Organization');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function projectWithFiles(name: string) {
  const owner = await t.login('owner@demo.local');
  const project = (await owner({ method: 'POST', url: '/api/projects', payload: { name, project_type: 'ai_application' } })).json() as { id: string };
  const prefix = projectFilePrefix(demo, project.id);
  await storage.put(`${prefix}evidence/a.pdf`, Buffer.from('%PDF-a'), 'application/pdf');
  await storage.put(`${prefix}assets/card/b.json`, Buffer.from('{}'), 'application/json');
  return { owner, project, prefix };
}

describe('deleting a project removes its stored files', () => {
  it('right after the commit, leaving other projects’ files alone', async () => {
    const kept = await projectWithFiles('Keeps its files');
    const { owner, project, prefix } = await projectWithFiles('Goes with its files');
    expect(await storage.read(`${prefix}evidence/a.pdf`)).toEqual(Buffer.from('%PDF-a'));

    expect((await owner({ method: 'DELETE', url: `/api/projects/${project.id}` })).statusCode).toBe(204);
    expect(await storage.read(`${prefix}evidence/a.pdf`)).toBeNull();
    expect(await storage.read(`${prefix}assets/card/b.json`)).toBeNull();
    expect(await t.db.select().from(storagePurges)).toEqual([]);
    expect(await storage.read(`${kept.prefix}evidence/a.pdf`)).toEqual(Buffer.from('%PDF-a'));
  });

  it('keeps the removal owed when the storage is down, and finishes it on a later run', async () => {
    const { owner, project, prefix } = await projectWithFiles('Deleted during an outage');
    down = true;
    try {
      // The project is gone at once: the files cannot hold its deletion back.
      expect((await owner({ method: 'DELETE', url: `/api/projects/${project.id}` })).statusCode).toBe(204);
      expect((await owner({ method: 'GET', url: `/api/projects/${project.id}` })).statusCode).toBe(404);
      expect(await storage.read(`${prefix}evidence/a.pdf`)).not.toBeNull();
      const [owed] = await t.db.select().from(storagePurges);
      expect(owed).toMatchObject({ prefix, attempts: 1, lastError: 'storage unreachable' });
    } finally {
      down = false;
    }
    expect(await runPurges({ db: t.db, storage })).toEqual({ purged: 1, failed: 0 });
    expect(await storage.read(`${prefix}evidence/a.pdf`)).toBeNull();
    expect(await t.db.select().from(storagePurges)).toEqual([]);
  });

  it('writes nothing, files included, when the deletion is refused', async () => {
    const { project, prefix } = await projectWithFiles('Editors cannot delete');
    const editorId = (await (await t.login('editor@demo.local'))({ method: 'GET', url: '/api/users/me' })).json().id;
    const owner = await t.login('owner@demo.local');
    await owner({ method: 'POST', url: `/api/users/${editorId}/roles?role=editor&project_id=${project.id}` });
    const editor = await t.login('editor@demo.local');
    expect((await editor({ method: 'DELETE', url: `/api/projects/${project.id}` })).statusCode).toBe(403);
    expect(await storage.read(`${prefix}evidence/a.pdf`)).not.toBeNull();
    expect(await t.db.select().from(storagePurges)).toEqual([]);
  });
});

it('deleting an organization with cascade removes the stored files of all its projects', async () => {
  const operator = await t.login('super@demo.local');
  const created = await operator({ method: 'POST', url: '/api/organizations', payload: { name: 'Short-lived Ltd' } });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as string;
  await storage.put(`${projectFilePrefix(id, '00000000-0000-4000-8000-000000000001')}evidence/x.pdf`, Buffer.from('x'), 'application/pdf');
  await storage.put(`${organizationFilePrefix(demo)}projects/p/keep.pdf`, Buffer.from('keep'), 'application/pdf');
  expect((await operator({ method: 'DELETE', url: `/api/v1/organizations/${id}?cascade=true` })).statusCode).toBe(204);
  expect(fs.existsSync(path.join(root, 'organizations', id))).toBe(false);
  expect(await storage.read(`${organizationFilePrefix(demo)}projects/p/keep.pdf`)).not.toBeNull();
});
