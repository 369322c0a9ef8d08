import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfAttachment } from '../src/lib/pdf';
import { build, type TestApp } from './helper';
import { pdfText, squeezed } from './pdf-text';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe('GET /api/projects/{id}/export', () => {
  it('is a PDF named after the project with its cover, members, activity and comments, in Latin, Greek and Cyrillic alike', async () => {
    const owner = await t.login('owner@demo.local');
    const name = 'Système de scoring — Ωmega ünïcode Ελληνικά';
    const created = await owner({ method: 'POST', url: '/api/projects', payload: { name, project_type: 'ai_application', description: 'Modèle de crédit pour la Zürich branch', frameworks: ['EU_AI_ACT', 'NIST_AI_RMF'] } });
    expect(created.statusCode).toBe(201);
    const project = created.json();
    const editorId = (await (await t.login('editor@demo.local'))({ method: 'GET', url: '/api/users/me' })).json().id;
    expect((await owner({ method: 'POST', url: `/api/users/${editorId}/roles?role=editor&project_id=${project.id}` })).statusCode).toBe(200);
    expect((await owner({ method: 'POST', url: `/api/projects/${project.id}/comments/project/${project.id}`, payload: { body: 'Привет — the DPIA is attached' } })).statusCode).toBe(201);

    const response = await owner({ method: 'GET', url: `/api/projects/${project.id}/export` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(pdfAttachment(name));
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`${name}.pdf`)}`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await pdfText(response.rawPayload);
    expect(pdf.title).toBe(name);
    expect(pdf.pages).toBeGreaterThanOrEqual(4);
    for (const expected of [
      name,
      'Modèle de crédit pour la Zürich branch',
      'Demo Organization',
      'AI application',
      'EU AI Act, NIST AI Risk Management Framework 1.0',
      'Members',
      'Olivia Owner',
      'Requirements',
      'Art. 9(2)',
      'GOVERN 1.1',
      'Controls',
      'MFF-1.RSK.01',
      'owner@demo.local',
      'editor@demo.local',
      'Activity',
      'created · project',
      'roles changed · project member',
      'Comments',
      'Привет — the DPIA is attached',
    ]) {
      expect(squeezed(pdf.text)).toContain(squeezed(expected));
    }
    expect(pdf.text).toMatch(new RegExp(`Page 2 of ${pdf.pages}`));
    // Every section page's footer says how to read its times.
    expect(pdf.text.match(/times in UTC/g)?.length).toBe(pdf.pages - 1);
  });

  it('holds the EU AI Act statement of applicability with its header, and counts requirements as the lists do (issue 30, item 19)', async () => {
    const owner = await t.login('owner@demo.local');
    const created = await owner({ method: 'POST', url: '/api/projects', payload: { name: 'Hiring assistant report', project_type: 'ai_application', frameworks: ['EU_AI_ACT'] } });
    expect(created.statusCode).toBe(201);
    const project = created.json();
    // An employer in the EU deploying a CV-screening tool: high-risk under Annex III point 4(a).
    const settings = { product_category: 'ai_system', role: ['deployer'], use_case: ['annex_iii_4a'], establishment: ['eu', 'employer'], project_requirements: ['none'], critical_issues: ['none'], supply_terms: ['none'] };
    expect((await owner({ method: 'POST', url: `/api/projects/${project.id}/eu_ai_act_settings`, payload: settings })).statusCode).toBe(200);
    const soa = (await owner({ method: 'GET', url: `/api/projects/${project.id}/statement-of-applicability?framework=EU_AI_ACT` })).json();
    const list = { total: 0, items: [] as { applicable: boolean }[] };
    for (let page = 1; page === 1 || list.items.length < list.total; page++) {
      const read = await owner({ method: 'GET', url: `/api/projects/${project.id}/requirements?framework=EU_AI_ACT&size=100&page=${page}` });
      expect(read.statusCode, read.body).toBe(200);
      list.total = read.json().total;
      list.items.push(...read.json().items);
    }
    const applicable = list.items.filter((r) => r.applicable);
    // The statement's counts are the list's: its included rows are the list's applicable ones, and authority-only and deleted rows count nowhere.
    expect(soa.counts.included).toBe(applicable.length);
    expect(soa.counts.included + soa.counts.excluded + soa.authorities_only.length + soa.deleted.length).toBe(list.total);

    const response = await owner({ method: 'GET', url: `/api/projects/${project.id}/export` });
    expect(response.statusCode).toBe(200);
    const text = squeezed((await pdfText(response.rawPayload)).text);
    for (const expected of [
      'Statement of applicability',
      'EU AI Act: statement of applicability',
      `Classification ${soa.header.classification.label}`,
      soa.header.classification.reasons[0].text,
      'Settings answered by Olivia Owner',
      'EU AI Act: binds authorities only (for reference)',
      soa.items.find((i: { code: string; reason: string }) => i.code === 'Art. 26(1)')!.reason,
      `Included ${soa.counts.included}`,
      `Excluded ${soa.counts.excluded}`,
      // The requirements section counts what applies, as the list and the statement do.
      `Applicable requirements ${applicable.length}, of which 0 completed`,
    ]) {
      expect(text).toContain(squeezed(expected));
    }
    expect(text).not.toContain(squeezed(`${list.total}, of which 0 completed`));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('writes dates as DD-MM-YYYY and times as DD-MM-YYYY HH:mm (UTC), never ISO', async () => {
    const owner = await t.login('owner@demo.local');
    const project = (await owner({ method: 'POST', url: '/api/projects', payload: { name: 'Dated report', project_type: 'organization' } })).json();
    expect((await owner({ method: 'POST', url: `/api/projects/${project.id}/comments/project/${project.id}`, payload: { body: 'Dated comment' } })).statusCode).toBe(201);
    const response = await owner({ method: 'GET', url: `/api/projects/${project.id}/export` });
    expect(response.statusCode).toBe(200);

    const pdf = await pdfText(response.rawPayload);
    const created = new Date(project.created_at);
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = `${pad(created.getUTCDate())}-${pad(created.getUTCMonth() + 1)}-${created.getUTCFullYear()}`;
    expect(squeezed(pdf.text)).toContain(squeezed(`Created ${day}`));
    // The activity table and the comment carry the time of day too; the export happened moments later.
    expect(squeezed(pdf.text)).toMatch(new RegExp(`OliviaOwner·${day}\\d{2}:\\d{2}`));
    expect(squeezed(pdf.text)).toMatch(new RegExp(`${day}\\d{2}:\\d{2}OliviaOwnercreated·project`));
    expect(pdf.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('answers 404 for a project of another organization or one that is gone, and nothing for a member without a role', async () => {
    const owner = await t.login('owner@demo.local');
    const project = (await owner({ method: 'POST', url: '/api/projects', payload: { name: 'Export isolation', project_type: 'organization' } })).json();
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'GET', url: `/api/projects/${project.id}/export` })).statusCode).toBe(404);
    const reviewer = await t.login('reviewer@demo.local');
    const denied = await reviewer({ method: 'GET', url: `/api/projects/${project.id}/export` });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe('Missing permission projects:read on this project');
    expect((await owner({ method: 'DELETE', url: `/api/projects/${project.id}` })).statusCode).toBe(204);
    expect((await owner({ method: 'GET', url: `/api/projects/${project.id}/export` })).statusCode).toBe(404);
  });
});

describe('pdfAttachment', () => {
  it('keeps the UTF-8 name and gives an ASCII fallback without separators or quotes', () => {
    expect(pdfAttachment('Crédit "A/B"; test')).toBe(`attachment; filename="Credit A B test.pdf"; filename*=UTF-8''Cr%C3%A9dit%20%22A%20B%22%3B%20test.pdf`);
    expect(pdfAttachment('信用')).toBe(`attachment; filename="export.pdf"; filename*=UTF-8''%E4%BF%A1%E7%94%A8.pdf`);
  });
});
