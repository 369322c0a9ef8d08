import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfAttachment } from '../src/lib/pdf';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** The text of every page, as a reader's copy-and-paste would give it. */
async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string; title: unknown }> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const { info } = await document.getMetadata();
  return { pages: document.numPages, text: pages.join('\n').replace(/\s+/g, ' '), title: (info as { Title?: string }).Title };
}

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
      'EU AI Act, NIST AI RMF',
      'Members',
      'Olivia Owner',
      'owner@demo.local',
      'editor@demo.local',
      'Activity',
      'created · project',
      'roles changed · project member',
      'Comments',
      'Привет — the DPIA is attached',
    ]) {
      // Text extraction may split a word where a glyph's width changes; compare without spaces.
      expect(pdf.text.replace(/\s/g, '')).toContain(expected.replace(/\s/g, ''));
    }
    expect(pdf.text).toMatch(new RegExp(`Page 2 of ${pdf.pages}`));
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
