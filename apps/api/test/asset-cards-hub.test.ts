import { eq } from 'drizzle-orm';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema';
import { assetCardRepository } from '../src/modules/asset-cards/asset-card-repository';
import { cardPool } from '../src/modules/asset-cards/card-pool';
import { importAssetCard, multipartFile } from './factories';
import { build, type TestApp } from './helper';

/**
 * Issue 29, items 4 and 10–13: cards as the Hugging Face Hub writes them (fine-tuning scripts' model-index,
 * dataset cards with pretty_name and dataset_info), and a card too large to parse quickly.
 */

/** A speech model card as `transformers`' Trainer pushes it: no model_name, no `#` heading, a WER in model-index. */
const WHISPER_CARD = `---
language: en
license: apache-2.0
base_model: openai/whisper-small
tags:
- generated_from_trainer
- hf-asr-leaderboard
datasets:
- mozilla-foundation/common_voice_11_0
metrics:
- wer
model-index:
- name: whisper-small-en-callcenter
  results:
  - task:
      name: Automatic Speech Recognition
      type: automatic-speech-recognition
    dataset:
      name: Common Voice 11.0
      type: mozilla-foundation/common_voice_11_0
      config: en
      split: test
      args: 'config: en, split: test'
    metrics:
    - name: Wer
      type: wer
      value: 12.3456
---

<!-- This model card has been generated automatically according to the information the Trainer had access to. You
should probably proofread and complete it, then remove this comment. -->

This model is a fine-tuned version of [openai/whisper-small](https://huggingface.co/openai/whisper-small) on the Common Voice 11.0 dataset.
It achieves the following results on the evaluation set:
- Loss: 0.2817
- Wer: 12.3456

## Intended uses & limitations

Transcribing recorded customer calls in English for quality review.

## Training procedure

### Training hyperparameters

- learning_rate: 1e-05
- train_batch_size: 16
- num_epochs: 4
`;

/** A dataset card as the Hub's dataset viewer and \`datasets\` write it: pretty_name, tags, dataset_info and configs. */
const DATASET_CARD = `---
pretty_name: Call Center Transcripts (EN)
annotations_creators:
- expert-generated
language:
- en
license: cc-by-4.0
tags:
- speech
- call-center
dataset_info:
  features:
  - name: audio
    dtype:
      audio:
        sampling_rate: 16000
  - name: sentence
    dtype: string
  splits:
  - name: train
    num_bytes: 1234567
    num_examples: 4200
  download_size: 1200000
  dataset_size: 1234567
configs:
- config_name: default
  data_files:
  - split: train
    path: data/train-*
---

# Dataset Card for Call Center Transcripts (EN)

## Dataset Description

Recorded calls with their transcripts, consented for model training.

## Uses

Fine-tuning speech recognition for call quality review.

## Citation

\`\`\`bibtex
@misc{callcenter2025, title={Call Center Transcripts}, year={2025}}
\`\`\`
`;

let t: TestApp;
let project: string;
let organization: string;
beforeAll(async () => {
  t = await build();
  const row = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!;
  project = row.id;
  organization = row.organizationId;
});
afterAll(() => t.close());

const url = (suffix = '') => `/api/projects/${project}/asset_cards${suffix}`;
const count = async () => (await (await t.login('owner@demo.local'))({ method: 'GET', url: url('?size=1') })).json().total as number;
const frontMatter = (markdown: string) => parseDocument(markdown.split(/^---$/m)[1]!).toJS() as Record<string, unknown>;

describe('a card too large to parse quickly (item 4)', () => {
  it('refuses 40,000 front matter keys at once with a 422 naming the limit, and creates nothing', async () => {
    const editor = await t.login('editor@demo.local');
    const before = await count();
    const keys = Array.from({ length: 40_000 }, (_, i) => `k${i}: v`).join('\n');
    const started = performance.now();
    const response = await importAssetCard(editor, project, `---\nlicense: mit\n${keys}\n---\n# Many keys\n`);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ detail: expect.stringMatching(/more than 10,000 keys and list items/), errors: [{ path: 'body.file', line: expect.any(Number) }] });
    const items = Array.from({ length: 20_000 }, (_, i) => `- name${i}`).join('\n');
    expect((await importAssetCard(editor, project, `---\ndatasets:\n${items}\n---\n# Many items\n`)).json().detail).toMatch(/10,000 keys and list items/);
    expect(await count()).toBe(before);
  });

  it('parses the card in a worker thread, not on the request thread', async () => {
    const response = await importAssetCard(await t.login('editor@demo.local'), project, DATASET_CARD.replace('Call Center Transcripts (EN)', 'Worker parsed'));
    expect(response.statusCode, response.body).toBe(201);
    expect(cardPool.stats().workers).toBeGreaterThanOrEqual(1);
  });

  it('looks up 40,000 dataset names in one query without overflowing the query builder', async () => {
    const editor = await t.login('editor@demo.local');
    const target = (await editor({ method: 'POST', url: url(), payload: { name: 'needle-set', asset_card_type: 'dataset', asset_card_nature: 'in_house' } })).json();
    const names = [...Array.from({ length: 40_000 }, (_, i) => `haystack-${i}`), 'NEEDLE-SET'];
    const found = await assetCardRepository.byNames(t.db, organization, project, 'dataset', names);
    expect(found).toEqual([{ id: target.id, name: 'needle-set' }]);
  });
});

describe('the name of a Hub card (item 10)', () => {
  it('takes model-index[0].name when the card has no model_name and no heading', async () => {
    const response = await importAssetCard(await t.login('editor@demo.local'), project, WHISPER_CARD);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().name).toBe('whisper-small-en-callcenter');
  });

  it('then the file name when it is not README.md, then the name given, else a 422 asking for one', async () => {
    const editor = await t.login('editor@demo.local');
    const bare = '---\nlicense: mit\ntags:\n- tabular\n---\n\nA gradient-boosted scorer.\n';
    const byFile = await importAssetCard(editor, project, bare, { filename: 'loan-default-xgb.md' });
    expect(byFile.statusCode, byFile.body).toBe(201);
    expect(byFile.json().name).toBe('loan-default-xgb');
    const refused = await importAssetCard(editor, project, bare, { filename: 'README.md' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toMatch(/no name.*name/);
    const named = await importAssetCard(editor, project, bare, { filename: 'README.md', query: { name: 'Loan default scorer' } });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().name).toBe('Loan default scorer');
    expect((await importAssetCard(editor, project, bare, { query: { name: ' ' } })).json().errors[0].path).toBe('querystring.name');
  });
});

describe('the type of a Hub card (item 11)', () => {
  it('makes a dataset of a card with pretty_name and tags, and of each dataset-card key', async () => {
    const editor = await t.login('editor@demo.local');
    const pretty = await importAssetCard(editor, project, '---\npretty_name: Tagged set\ntags:\n- finance\nlicense: mit\n---\n\nRows.\n');
    expect(pretty.statusCode, pretty.body).toBe(201);
    expect(pretty.json()).toMatchObject({ name: 'Tagged set', asset_card_type: 'dataset' });
    for (const key of ['dataset_info:\n  features: []', 'configs:\n- config_name: default', 'task_categories:\n- text-classification', 'size_categories:\n- 1K<n<10K', 'source_datasets:\n- original']) {
      const response = await importAssetCard(editor, project, `---\n${key}\ntags:\n- finance\n---\n# Set ${key.split(':')[0]}\n`);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().asset_card_type, key).toBe('dataset');
    }
  });
});

describe('a Hub card comes back as imported (item 12)', () => {
  it('keeps model-index (task, dataset type/name/args, metric type, name) and language as written; a Hub model is third party', async () => {
    const editor = await t.login('editor@demo.local');
    const created = await importAssetCard(editor, project, WHISPER_CARD.replace('whisper-small-en-callcenter', 'whisper-small-en-rt'));
    expect(created.statusCode, created.body).toBe(201);
    const card = created.json();
    expect(card).toMatchObject({ asset_card_nature: 'third_party', facts: expect.objectContaining({ languages: ['en'], metrics: [{ name: 'Wer', value: 12.3456, dataset: 'Common Voice 11.0' }] }) });
    const markdown = (await editor({ method: 'GET', url: url(`/${card.id}/download`) })).body;
    expect(markdown).toMatch(/^language: en$/m);
    const original = frontMatter(WHISPER_CARD.replace('whisper-small-en-callcenter', 'whisper-small-en-rt'));
    const downloaded = frontMatter(markdown);
    expect(downloaded['model-index']).toEqual(original['model-index']);
    expect(markdown).not.toContain('test_wer');
    const again = await importAssetCard(editor, project, markdown);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ name: card.name, asset_card_nature: 'third_party', facts: card.facts, extra_metadata: card.extra_metadata });
  });

  it('writes an edited metric with the type and dataset it came with', async () => {
    const editor = await t.login('editor@demo.local');
    const card = (await importAssetCard(editor, project, WHISPER_CARD.replace('whisper-small-en-callcenter', 'whisper-small-en-edit'))).json();
    const patched = await editor({ method: 'PATCH', url: url(`/${card.id}`), payload: { facts: { ...card.facts, metrics: [{ name: 'Wer', value: 11.5, dataset: 'Common Voice 11.0' }] } } });
    expect(patched.statusCode, patched.body).toBe(200);
    const index = frontMatter((await editor({ method: 'GET', url: url(`/${card.id}/download`) })).body)['model-index'] as { name: string; results: Record<string, unknown>[] }[];
    expect(index[0]!.name).toBe('whisper-small-en-edit');
    expect(index[0]!.results[0]).toMatchObject({
      task: { name: 'Automatic Speech Recognition', type: 'automatic-speech-recognition' },
      dataset: { name: 'Common Voice 11.0', type: 'mozilla-foundation/common_voice_11_0', args: 'config: en, split: test' },
      metrics: [{ name: 'Wer', type: 'wer', value: 11.5 }],
    });
  });
});

describe('lineage in the card file (item 13)', () => {
  it('writes the datasets a model was trained on, and re-importing restores the link', async () => {
    const editor = await t.login('editor@demo.local');
    const dataset = (await importAssetCard(editor, project, DATASET_CARD)).json();
    expect(dataset).toMatchObject({ name: 'Call Center Transcripts (EN)', asset_card_type: 'dataset' });
    const model = (await editor({ method: 'POST', url: url(), payload: { name: 'call-scorer', asset_card_type: 'model', asset_card_nature: 'in_house', upstream: [{ card_id: dataset.id, relation: 'trained_on' }] } })).json();
    const markdown = (await editor({ method: 'GET', url: url(`/${model.id}/download`) })).body;
    expect(frontMatter(markdown).datasets).toEqual(['Call Center Transcripts (EN)']);
    const again = await importAssetCard(editor, project, markdown);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().upstream).toEqual([{ card: expect.objectContaining({ id: dataset.id }), relation: 'trained_on' }]);
  });

  it('previews what it read — name, type, licence, datasets, metrics — and creates nothing', async () => {
    const editor = await t.login('editor@demo.local');
    const before = await count();
    const preview = await editor({ method: 'POST', url: url('/import/preview'), ...multipartFile(WHISPER_CARD, { filename: 'README.md', contentType: 'text/markdown' }) });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      name: 'whisper-small-en-callcenter',
      asset_card_type: 'model',
      asset_card_nature: 'third_party',
      license: 'apache-2.0',
      datasets: ['mozilla-foundation/common_voice_11_0'],
      metrics: [{ name: 'Wer', value: 12.3456, dataset: 'Common Voice 11.0' }],
    });
    const unnamed = await editor({ method: 'POST', url: url('/import/preview'), ...multipartFile('---\nlicense: mit\n---\n\nText.\n', { filename: 'README.md', contentType: 'text/markdown' }) });
    expect(unnamed.statusCode, unnamed.body).toBe(200);
    expect(unnamed.json()).toMatchObject({ name: null, name_required: true });
    expect((await (await t.login('reviewer@demo.local'))({ method: 'POST', url: url('/import/preview'), ...multipartFile(WHISPER_CARD, { filename: 'README.md' }) })).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});
