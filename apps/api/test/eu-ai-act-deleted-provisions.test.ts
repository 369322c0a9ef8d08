import type { StatementOfApplicability } from '@aegis/contracts';
import { BUILT_IN_FRAMEWORK_CODES } from '@aegis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFrameworkTemplate } from '../src/modules/frameworks/template-parser';
import { build, type TestApp } from './helper';

/**
 * Issue 30, item 13: Art. 10(5) was deleted by Regulation (EU) 2026/1744 and its content moved into Art. 4a.
 * It is never applicable, stays visible with why, is listed apart in the statement and counted nowhere, and
 * a person cannot include it. The template field that says so (`deleted_by`) is validated.
 */
let t: TestApp;
let owner: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await build();
  owner = await t.login('owner@demo.local');
});
afterAll(() => t.close());

const REASON = 'Deleted by Regulation (EU) 2026/1744, see Art. 4a';
// A company that builds a CV-screening tool and places it on the market: provider of an Annex III point 4(a) system.
const PROVIDER_ANNEX_III = { establishment: ['eu'], project_requirements: ['none'], critical_issues: ['none'], supply_terms: ['none'], product_category: 'ai_system', role: ['provider'], use_case: ['annex_iii_4a'] };

describe('EU AI Act provisions deleted by Regulation (EU) 2026/1744 (issue 30, item 13)', () => {
  it('Art. 10(5) is not applicable with the deletion as its reason, listed apart in the statement, in no count, and cannot be included (422)', async () => {
    const created = await owner({ method: 'POST', url: '/api/projects', payload: { name: 'Deleted provisions', project_type: 'ai_application', frameworks: ['EU_AI_ACT'] } });
    expect(created.statusCode, created.body).toBe(201);
    const project = created.json().id as string;
    const saved = await owner({ method: 'POST', url: `/api/projects/${project}/eu_ai_act_settings`, payload: PROVIDER_ANNEX_III });
    expect(saved.statusCode, saved.body).toBe(200);

    const requirements = (await owner({ method: 'GET', url: `/api/projects/${project}/requirements?framework=EU_AI_ACT&size=250&name=${encodeURIComponent('Art. 10(')}` })).json().items as {
      id: string;
      code: string;
      applicable: boolean;
      applicability_reason: string | null;
    }[];
    expect(requirements.find((r) => r.code === 'Art. 10(5)')).toMatchObject({ applicable: false, applicability_reason: REASON });
    // Its neighbours still apply to the provider of a high-risk system.
    expect(requirements.find((r) => r.code === 'Art. 10(2)')).toMatchObject({ applicable: true });

    const response = await owner({ method: 'GET', url: `/api/projects/${project}/statement-of-applicability?framework=EU_AI_ACT` });
    expect(response.statusCode, response.body).toBe(200);
    const soa = response.json() as StatementOfApplicability;
    expect(soa.items.some((i) => i.code === 'Art. 10(5)')).toBe(false);
    expect(soa.authorities_only.some((i) => i.code === 'Art. 10(5)')).toBe(false);
    const deleted = soa.deleted.find((i) => i.code === 'Art. 10(5)');
    expect(deleted).toMatchObject({ included: false, article: 'Art. 10(5)' });
    expect(deleted!.reason).toBe(`${REASON} — Art. 10(5)`);
    expect(soa.counts.included + soa.counts.excluded).toBe(soa.items.length);

    const include = await owner({ method: 'PUT', url: `/api/projects/${project}/requirements/${deleted!.requirement_id}/applicability`, payload: { decision: 'include', justification: 'We still want it' } });
    expect(include.statusCode, include.body).toBe(422);
    expect(include.body).toContain('EU_AI_ACT Art. 10(5)');
    expect(include.body).toContain(REASON);
  });

  describe('the template field deleted_by', () => {
    const parse = (requirement: Record<string, unknown>) =>
      parseFrameworkTemplate({
        bytes: new TextEncoder().encode(JSON.stringify({ framework_code: 'ACME_AI_POLICY', name: 'Acme', version: '1', requirements: [{ code: '1', title: 'Policy', controls: ['MFF-1.GOV.01'] }, requirement] })),
        filename: 'template.json',
        knownControlCodes: new Set(['MFF-1.GOV.01']),
        reservedFrameworkCodes: new Set<string>(BUILT_IN_FRAMEWORK_CODES),
      });

    it('is accepted with the amending act and where the content went, and kept', () => {
      const result = parse({ code: '2', title: 'Old', controls: ['MFF-1.GOV.01'], deleted_by: { act: 'Regulation (EU) 2026/1744', see: 'Art. 4a' } });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (result.ok) expect(result.template.requirements[1]!.deleted_by).toEqual({ act: 'Regulation (EU) 2026/1744', see: 'Art. 4a' });
    });

    it('is refused without the act, with unknown fields, and on a section', () => {
      for (const requirement of [
        { code: '2', title: 'Old', controls: ['MFF-1.GOV.01'], deleted_by: { see: 'Art. 4a' } },
        { code: '2', title: 'Old', controls: ['MFF-1.GOV.01'], deleted_by: { act: 'Regulation (EU) 2026/1744', when: 'now' } },
        { code: '2', title: 'Old', deleted_by: { act: 'Regulation (EU) 2026/1744' }, children: [{ code: '2.1', title: 'Child', controls: ['MFF-1.GOV.01'] }] },
      ]) {
        const result = parse(requirement);
        expect(result.ok, JSON.stringify(requirement)).toBe(false);
        if (!result.ok) expect(result.problems.some((p) => p.path.includes('deleted_by')), JSON.stringify(result.problems)).toBe(true);
      }
    });
  });
});
