import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema';
import { importAssetCard, multipartFile, organizationId, uploadEvidence } from './factories';
import { build, type TestApp } from './helper';

// Issue 29, item 7: a malformed multipart body is the client's mistake — a 400 naming what is wrong, on
// every upload route, never a 500.
let t: TestApp;
let project: string;
let evidence: string;
let demo: string;
beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  const uploaded = await uploadEvidence(await t.login('admin@demo.local'), project, 'first version');
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  evidence = uploaded.json().id;
}, 120_000);
afterAll(() => t.close());

const routes = () => [
  { name: 'evidence upload', who: 'admin@demo.local', url: `/api/projects/${project}/evidence` },
  { name: 'evidence new version', who: 'admin@demo.local', url: `/api/projects/${project}/evidence/${evidence}/versions` },
  { name: 'organization template', who: 'admin@demo.local', url: `/api/organizations/${demo}/templates` },
  { name: 'platform framework', who: 'internal@demo.local', url: '/api/v1/platform-frameworks' },
  { name: 'asset card import', who: 'admin@demo.local', url: `/api/projects/${project}/asset_cards/import` },
];

const head = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`;
const whole = (boundary: string) => `${head(boundary)}hello\r\n--${boundary}--\r\n`;

const malformed: { case: string; contentType: string; body: string; detail: RegExp }[] = [
  { case: 'no boundary', contentType: 'multipart/form-data', body: whole('abc'), detail: /boundary/i },
  { case: 'an empty boundary', contentType: 'multipart/form-data; boundary=', body: whole('abc'), detail: /boundary/i },
  { case: 'a boundary longer than 70 characters', contentType: `multipart/form-data; boundary=${'x'.repeat(300)}`, body: whole('x'.repeat(300)), detail: /boundary/i },
  { case: 'a boundary the body does not use', contentType: 'multipart/form-data; boundary=other', body: whole('abc'), detail: /multipart/i },
  { case: 'a body cut inside the part headers', contentType: 'multipart/form-data; boundary=abc', body: '--abc\r\nContent-Disposition: form-data; name="file"; filena', detail: /multipart/i },
  { case: 'a body cut inside the file', contentType: 'multipart/form-data; boundary=abc', body: `${head('abc')}hel`, detail: /multipart/i },
];

describe('a malformed multipart body answers 400, never 500', () => {
  for (const body of malformed) {
    it(`with ${body.case}, on every upload route`, async () => {
      for (const route of routes()) {
        const as = await t.login(route.who);
        const response = await as({ method: 'POST', url: route.url, headers: { 'content-type': body.contentType }, payload: body.body });
        expect(response.statusCode, `${route.name}: ${response.body}`).toBe(400);
        expect(response.json(), route.name).toMatchObject({ code: 'bad_request', detail: expect.stringMatching(body.detail) });
      }
    });
  }

  it('is documented: every upload operation lists its 400', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ids = ['uploadEvidence', 'uploadEvidenceVersion', 'uploadTemplate', 'uploadPlatformFramework', 'importAssetCard'];
    const operations = Object.values(document.paths as Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>>).flatMap((p) => Object.values(p));
    for (const id of ids) {
      const operation = operations.find((o) => o.operationId === id);
      expect(operation, id).toBeDefined();
      expect(Object.keys(operation!.responses), id).toContain('400');
    }
  });

  it('still takes a well-formed upload on the same routes', async () => {
    const as = await t.login('admin@demo.local');
    const ok = await as({ method: 'POST', url: `/api/projects/${project}/evidence/${evidence}/versions`, ...multipartFile('second version', { filename: 'a.txt', contentType: 'text/plain' }) });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('a card whose YAML escapes write text no column keeps answers 422', () => {
  const cases = [
    { case: 'a NUL in a value', yaml: 'license: "mit\\0"', message: /NUL/, line: 3 },
    { case: 'a NUL in a key', yaml: 'language: en\n"\\x00tags": [a]', message: /NUL/, line: 4 },
    { case: 'a lone surrogate in a nested value', yaml: 'license: mit\nmodel-index:\n  - name: "a\\ud800b"', message: /surrogate/, line: 4 },
    { case: 'a lone low surrogate', yaml: 'tags: ["\\udc00"]', message: /surrogate/, line: 3 },
  ];
  for (const c of cases) {
    it(`with ${c.case}`, async () => {
      const card = `---\nmodel_name: Escapes\n${c.yaml}\n---\n# Escapes\n`;
      const response = await importAssetCard(await t.login('admin@demo.local'), project, card);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({ code: 'unprocessable_content', detail: expect.stringMatching(c.message), errors: [expect.objectContaining({ path: 'body.file', line: c.line })] });
    });
  }

  it('still takes escapes that write valid text (a paired surrogate, a tab)', async () => {
    const card = '---\nmodel_name: Fine escapes\nlicense: "mit\\t\\ud83d\\ude00"\n---\n# Fine escapes\n';
    const response = await importAssetCard(await t.login('admin@demo.local'), project, card);
    expect(response.statusCode, response.body).toBe(201);
  });
});

// Issue 29, item 7: PostgreSQL's date has no year 0; the one date type takes years 0001 to 9999, so
// 0000-01-01 is a 422 naming the field on every date route, never the database's 500.
describe('dates are years 0001 to 9999', () => {
  it('refuses 0000-01-01 in the evidence filters, the evidence dates and a control\'s due date', async () => {
    const as = await t.login('admin@demo.local');
    const filter = await as({ method: 'GET', url: `/api/projects/${project}/evidence?start_date=0000-01-01` });
    expect(filter.statusCode, filter.body).toBe(422);
    expect(filter.json()).toMatchObject({ errors: [expect.objectContaining({ path: 'querystring.start_date', message: expect.stringMatching(/0001/) })] });
    const effective = await uploadEvidence(as, project, 'dated', { query: { effective_date: '0000-01-01' } });
    expect(effective.statusCode, effective.body).toBe(422);
    expect(effective.json().errors[0].path).toBe('querystring.effective_date');
    const edited = await as({ method: 'PATCH', url: `/api/projects/${project}/evidence/${evidence}`, payload: { effective_date: '0000-01-01' } });
    expect(edited.statusCode, edited.body).toBe(422);
    const code = (await as({ method: 'GET', url: `/api/projects/${project}/controls?size=1` })).json().items[0].control_code as string;
    const due = await as({ method: 'PATCH', url: `/api/projects/${project}/controls/${code}`, payload: { due_date: '0000-01-01' } });
    expect(due.statusCode, due.body).toBe(422);
    expect(due.json().errors[0].path).toBe('body.due_date');
  });

  it('takes the first and the last day of the range', async () => {
    const as = await t.login('admin@demo.local');
    const code = (await as({ method: 'GET', url: `/api/projects/${project}/controls?size=1` })).json().items[0].control_code as string;
    for (const day of ['0001-01-01', '9999-12-31']) {
      const due = await as({ method: 'PATCH', url: `/api/projects/${project}/controls/${code}`, payload: { due_date: day } });
      expect(due.statusCode, due.body).toBe(200);
      expect(due.json().due_date).toBe(day);
    }
  });
});

// Issue 29, item 9: a file name keeps its emoji (outside the Basic Multilingual Plane), and loses the
// bidirectional controls that would make `\u202Egnp.exe` show as `exe.png`.
describe('uploaded file names', () => {
  it('keep characters outside the BMP and lose bidirectional controls', async () => {
    const as = await t.login('admin@demo.local');
    const emoji = await uploadEvidence(as, project, 'chart', { filename: 'Growth 📈 𝒜.txt' });
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect(emoji.json()).toMatchObject({ name: 'Growth 📈 𝒜.txt', file_name: 'Growth 📈 𝒜.txt' });
    const spoofed = await uploadEvidence(as, project, 'not a picture', { filename: 'photo\u202Egnp.exe' });
    expect(spoofed.statusCode, spoofed.body).toBe(201);
    expect(spoofed.json()).toMatchObject({ name: 'photognp.exe', file_name: 'photognp.exe' });
  });
});
