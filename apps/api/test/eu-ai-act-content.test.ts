import type { TemplateRequirement } from '@aegis/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { frameworkRequirements, frameworks, projectRequirements, projects } from '../src/db/schema';
import { BUILT_IN_TEMPLATES } from '../src/modules/frameworks/built-in-templates';
import { AUTHORITIES_ONLY_REASON } from '../src/modules/frameworks/framework-loader';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

type Requirement = { id: string; code: string; framework_code: string; status: string; applicable: boolean; applicability_reason: string | null };

/** Codes of the EU AI Act requirements (with controls) that bind authorities only, themselves or through an ancestor. */
function authorityCodes(): string[] {
  const out: string[] = [];
  const walk = (rs: TemplateRequirement[], inherited: boolean) => {
    for (const r of rs) {
      const authorities = r.binds ? r.binds === 'authorities' : inherited;
      if (authorities && r.controls?.length) out.push(r.code);
      walk(r.children ?? [], authorities);
    }
  };
  walk(BUILT_IN_TEMPLATES.EU_AI_ACT.requirements, false);
  return out.sort();
}

async function euRequirements(projectId: string, user: string, query = ''): Promise<{ items: Requirement[]; total: number }> {
  const caller = await t.login(user);
  const items: Requirement[] = [];
  for (let page = 1; ; page++) {
    const res = await caller({ method: 'GET', url: `/api/projects/${projectId}/requirements?framework=EU_AI_ACT&size=100&page=${page}${query}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: Requirement[]; total: number };
    items.push(...body.items);
    if (items.length >= body.total || body.items.length === 0) return { items, total: body.total };
  }
}

it('a project that applies the EU AI Act shows the paragraphs that bind authorities only, as out of scope, and never as work', async () => {
  const admin = await t.login('admin@demo.local');
  const created = await admin({ method: 'POST', url: '/api/projects', payload: { name: 'EU content check', project_type: 'ai_application', frameworks: ['EU_AI_ACT'] } });
  expect(created.statusCode).toBe(201);
  const projectId = created.json().id as string;

  // With the paragraphs deleted by Regulation (EU) 2026/1744 (issue 30, item 13): never applicable either.
  const expected = [...authorityCodes(), 'Art. 10(5)'].sort();
  expect(expected.length).toBeGreaterThanOrEqual(30);
  const all = await euRequirements(projectId, 'admin@demo.local');
  // Visible for reference…
  const reference = all.items.filter((r) => !r.applicable);
  expect(reference.map((r) => r.code).sort()).toEqual(expected);
  expect(reference.every((r) => r.status === 'out_of_scope')).toBe(true);
  // …but not counted where work is: every other requirement is applicable and ready.
  const ready = await euRequirements(projectId, 'admin@demo.local', '&status=ready');
  expect(ready.total).toBe(all.total - expected.length);
  expect(ready.items.some((r) => expected.includes(r.code))).toBe(false);
  const outOfScope = await euRequirements(projectId, 'admin@demo.local', '&status=out_of_scope');
  expect(outOfScope.total).toBe(expected.length);
  // The added articles are there, as work.
  for (const code of ['Art. 60(4)', 'Art. 61(1)', 'Art. 86(1)', 'Art. 111(2)', 'Art. 5(1)(ba)']) expect(ready.items.some((r) => r.code === code), code).toBe(true);
});

it('a project that applied the EU AI Act before its content changed follows the change when the framework is reloaded', async () => {
  const [demo] = await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model'));
  const [eu] = await t.db.select().from(frameworks).where(eq(frameworks.code, 'EU_AI_ACT'));
  const ids = (await t.db.select({ id: frameworkRequirements.id }).from(frameworkRequirements).where(and(eq(frameworkRequirements.frameworkId, eu!.id), eq(frameworkRequirements.binds, 'authorities')))).map((r) => r.id);
  // As a project applied before `binds` existed: every requirement applicable.
  await t.db.update(projectRequirements).set({ applicable: true, applicabilityReason: null }).where(and(eq(projectRequirements.projectId, demo!.id), inArray(projectRequirements.requirementId, ids)));
  await t.db.update(frameworks).set({ contentHash: 'stale' }).where(eq(frameworks.id, eu!.id));
  const { syncBuiltInFrameworks } = await import('../src/modules/frameworks/built-in-sync');
  expect((await syncBuiltInFrameworks(t.db)).loaded).toContain('EU_AI_ACT');
  const all = await euRequirements(demo!.id, 'owner@demo.local');
  expect(all.items.filter((r) => !r.applicable && r.applicability_reason === AUTHORITIES_ONLY_REASON).map((r) => r.code).sort()).toEqual(authorityCodes());
});
