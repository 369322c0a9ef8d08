import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ASSET_CARD_FILE_BYTES } from '@aegis/contracts';
import { projects } from '../src/db/schema';
import { SAMPLE_DATASET_CARD, SAMPLE_MODEL_CARD } from '../src/modules/asset-cards/card-samples';
import { importAssetCard } from './factories';
import { build, type TestApp } from './helper';
import { pdfText, squeezed } from './pdf-text';

let t: TestApp;
let project: string;
beforeAll(async () => {
  t = await build();
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
});
afterAll(() => t.close());

const url = (suffix = '') => `/api/projects/${project}/asset_cards${suffix}`;
type Card = { id: string; name: string; [k: string]: unknown };
/** What a round trip keeps. */
const content = (card: Card) => ({
  name: card.name,
  asset_card_type: card.asset_card_type,
  asset_card_nature: card.asset_card_nature,
  version: card.version,
  description: card.description,
  facts: card.facts,
  sections: card.sections,
  extra_metadata: card.extra_metadata,
});
const count = async () => (await (await t.login('owner@demo.local'))({ method: 'GET', url: url('?size=1') })).json().total as number;

describe('importing a Hugging Face card', () => {
  let model: Card;
  let dataset: Card;

  it('creates a dataset card from a dataset card file', async () => {
    const response = await importAssetCard(await t.login('editor@demo.local'), project, SAMPLE_DATASET_CARD, { filename: 'README.md' });
    expect(response.statusCode, response.body).toBe(201);
    dataset = response.json();
    expect(dataset).toMatchObject({
      name: 'Loan Applications 2019-2024',
      asset_card_type: 'dataset',
      asset_card_nature: 'in_house',
      status: 'ready',
      license: 'cc-by-nc-4.0',
      imported_from: 'README.md',
      sections: { source_and_provenance: expect.stringContaining('core banking'), personal_data_notes: expect.stringContaining('pseudonymised') },
      extra_metadata: expect.objectContaining({ size_categories: ['1M<n<10M'], unmapped_sections: expect.any(Array) }),
    });
  });

  it('creates a model card, its metrics as facts, trained on the dataset card its datasets name', async () => {
    const editor = await t.login('editor@demo.local');
    const named = (await editor({ method: 'POST', url: url(), payload: { name: 'loan-intent-2023', asset_card_type: 'dataset', asset_card_nature: 'in_house' } })).json();
    const response = await importAssetCard(editor, project, SAMPLE_MODEL_CARD, { filename: 'README.md' });
    expect(response.statusCode, response.body).toBe(201);
    model = response.json();
    expect(model).toMatchObject({
      name: 'distilbert-loan-intent',
      asset_card_type: 'model',
      license: 'apache-2.0',
      facts: expect.objectContaining({ base_model: 'distilbert/distilbert-base-uncased', task: 'text-classification', languages: ['en', 'fr'] }),
      upstream: [{ card: { id: named.id, name: 'loan-intent-2023' }, relation: 'trained_on' }],
      created_by: expect.objectContaining({ email: 'editor@demo.local' }),
    });
    expect((model.facts as { metrics: unknown[] }).metrics).toHaveLength(3);
    const log = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${model.id}` })).json().items;
    expect(log.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['created', 'lineage_changed']));
    expect(log.find((e: { action: string }) => e.action === 'created').after).toMatchObject({ imported_from: 'README.md' });
  });

  it('takes the type and nature asked for, and refuses unknown ones (422 naming the field)', async () => {
    const editor = await t.login('editor@demo.local');
    const asked = await importAssetCard(editor, project, SAMPLE_MODEL_CARD, { query: { asset_card_type: 'ai_system', asset_card_nature: 'third_party' } });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ asset_card_type: 'ai_system', asset_card_nature: 'third_party', upstream: [] });
    for (const [query, path] of [
      [{ asset_card_type: 'spreadsheet' }, 'querystring.asset_card_type'],
      [{ asset_card_nature: 'borrowed' }, 'querystring.asset_card_nature'],
    ] as const) {
      const refused = await importAssetCard(editor, project, SAMPLE_MODEL_CARD, { query });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0].path).toBe(path);
    }
    const unknown = await importAssetCard(editor, project, '---\naegis:\n  asset_card_type: spreadsheet\n---\n# x\n');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0]).toMatchObject({ path: 'body.file.front_matter.aegis.asset_card_type', line: 2 });
  });

  it('refuses malformed files and creates nothing: bad YAML (naming the line), binary, empty, over 1 MB, another part, not multipart', async () => {
    const editor = await t.login('editor@demo.local');
    const before = await count();
    const badYaml = await importAssetCard(editor, project, '---\nlicense: mit\nlanguage: [en, fr\ndatasets: x\n---\n# x\n');
    expect(badYaml.statusCode).toBe(422);
    expect(badYaml.json()).toMatchObject({ detail: expect.stringMatching(/bad YAML.*line \d/), errors: [{ path: 'body.file', line: expect.any(Number) }] });
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const binary = await importAssetCard(editor, project, png, { filename: 'README.md', contentType: 'image/png' });
    expect(binary.statusCode).toBe(422);
    expect(binary.json().detail).toContain('not a text file');
    const nul = await importAssetCard(editor, project, Buffer.from('# card\n\u0000\u0001'));
    expect(nul.json().detail).toContain('not a text file');
    expect((await importAssetCard(editor, project, '')).json()).toMatchObject({ errors: [{ path: 'body.file', message: 'is empty' }] });
    const huge = await importAssetCard(editor, project, `# big\n\n${'a'.repeat(MAX_ASSET_CARD_FILE_BYTES)}`);
    expect(huge.statusCode).toBe(413);
    // 1 MB exactly is read (and refused for what it holds: a description of a million characters); a byte more is not.
    const atLimit = await importAssetCard(editor, project, `# big\n${'a'.repeat(MAX_ASSET_CARD_FILE_BYTES - 6)}`);
    expect(atLimit.statusCode).toBe(422);
    expect(atLimit.json().detail).toContain('description');
    expect((await importAssetCard(editor, project, `# big\n${'a'.repeat(MAX_ASSET_CARD_FILE_BYTES - 5)}`)).statusCode).toBe(413);
    expect((await importAssetCard(editor, project, SAMPLE_MODEL_CARD, { field: 'card' })).json()).toMatchObject({ errors: [{ path: 'body.file' }] });
    expect((await editor({ method: 'POST', url: url('/import'), payload: { file: SAMPLE_MODEL_CARD } })).statusCode).toBe(415);
    const deep = await importAssetCard(editor, project, `---\nx: ${'['.repeat(100)}${']'.repeat(100)}\n---\n# x\n`);
    expect(deep.json()).toMatchObject({ errors: [{ path: 'body.file', line: 2 }] });
    expect(await count()).toBe(before);
  });

  it('is refused to reviewers and auditors (403) and to another organization (404)', async () => {
    for (const email of ['reviewer@demo.local', 'auditor@demo.local']) {
      expect((await importAssetCard(await t.login(email), project, SAMPLE_MODEL_CARD)).statusCode, email).toBe(403);
    }
    expect((await importAssetCard(await t.login('outsider@other.local'), project, SAMPLE_MODEL_CARD)).statusCode).toBe(404);
  });

  describe('downloading', () => {
    it('gives the Hugging Face card, which imports back to the same card', async () => {
      const reviewer = await t.login('reviewer@demo.local');
      for (const original of [model, dataset]) {
        const response = await reviewer({ method: 'GET', url: url(`/${original.id}/download`) });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
        expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.md"; filename\*=UTF-8''.+\.md$/);
        expect(response.body).toMatch(/^---\n(model_name|pretty_name): /);
        const again = await importAssetCard(await t.login('editor@demo.local'), project, response.body, { filename: 'exported.md' });
        expect(again.statusCode, again.body).toBe(201);
        expect(content(again.json())).toEqual(content(original));
        expect(again.json().imported_from).toBe('exported.md');
      }
    });

    it('gives the card as JSON', async () => {
      const response = await (await t.login('auditor@demo.local'))({ method: 'GET', url: url(`/${model.id}/download?format=json`) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-disposition']).toContain('.json');
      const detail = (await (await t.login('auditor@demo.local'))({ method: 'GET', url: url(`/${model.id}`) })).json();
      expect(response.json()).toMatchObject({ ...content(detail), id: model.id, upstream: detail.upstream });
    });

    it('refuses an unknown format (422) and another organization (404)', async () => {
      expect((await (await t.login('reviewer@demo.local'))({ method: 'GET', url: url(`/${model.id}/download?format=pdf`) })).statusCode).toBe(422);
      expect((await (await t.login('outsider@other.local'))({ method: 'GET', url: url(`/${model.id}/download`) })).statusCode).toBe(404);
    });
  });

  it('puts the inventory and its lineage in the project report', async () => {
    const response = await (await t.login('owner@demo.local'))({ method: 'GET', url: `/api/projects/${project}/export` });
    expect(response.statusCode).toBe(200);
    const text = squeezed((await pdfText(response.rawPayload)).text);
    expect(text).toContain(squeezed('Asset inventory'));
    expect(text).toContain(squeezed('distilbert-loan-intent'));
    expect(text).toContain(squeezed('Trained on'));
  }, 60_000);
});
