import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSET_CARD_NATURES, ASSET_CARD_SECTIONS, ASSET_CARD_TYPES, assetCardFacts, type AssetCardType } from '@aegis/contracts';
import type { AppError } from '../../lib/errors';
import { parseCardMarkdown, writeCardMarkdown, type CardContent } from './card-markdown';
import { SAMPLE_DATASET_CARD, SAMPLE_MODEL_CARD } from './card-samples';
import { sectionForHeading } from './card-sections';

const card = (parsed: ReturnType<typeof parseCardMarkdown>): CardContent => {
  const { datasets: _datasets, ...content } = parsed;
  return content;
};

/** The refusal a parse throws: its status, detail and first error. */
function refusal(text: string, asked = {}) {
  try {
    parseCardMarkdown(text, asked);
  } catch (error) {
    const e = error as AppError;
    return { status: e.statusCode, detail: e.detail, error: e.errors?.[0] };
  }
  throw new Error('parsed without a refusal');
}

describe('a Hugging Face model card', () => {
  const parsed = parseCardMarkdown(SAMPLE_MODEL_CARD);

  it('maps the front matter to the facts and keeps the rest', () => {
    // A Hub model card (no aegis: key, so not written by us) is third party unless the import says otherwise (issue 29, item 12).
    expect(parsed).toMatchObject({ name: 'distilbert-loan-intent', asset_card_type: 'model', asset_card_nature: 'third_party', version: null });
    expect(parsed.facts).toEqual({
      ...assetCardFacts.parse({}),
      license: 'apache-2.0',
      languages: ['en', 'fr'],
      base_model: 'distilbert/distilbert-base-uncased',
      task: 'text-classification',
      metrics: [
        { name: 'Accuracy', value: 0.912, dataset: 'loan-intent-2023' },
        { name: 'F1 (macro)', value: 0.897, dataset: 'loan-intent-2023' },
        { name: 'Accuracy', value: 0.88, dataset: 'banking77' },
      ],
    });
    expect(parsed.datasets).toEqual(['loan-intent-2023', 'banking77']);
    expect(parsed.extra_metadata).toMatchObject({
      library_name: 'transformers',
      tags: ['text-classification', 'finance', 'generated_from_trainer'],
      datasets: ['loan-intent-2023', 'banking77'],
      metrics: ['accuracy', 'f1'],
      widget: [{ text: 'I would like to borrow 15,000 euros to buy a car.', example_title: 'Car loan' }],
    });
    for (const key of ['license', 'language', 'base_model', 'pipeline_tag']) expect(parsed.extra_metadata).not.toHaveProperty(key);
    // model-index is kept whole (task names, splits, verified, metric types), to be written back as it came.
    expect((parsed.extra_metadata['model-index'] as { results: { dataset: unknown; metrics: unknown[] }[] }[])[0]!.results[0]).toMatchObject({
      task: { type: 'text-classification', name: 'Text Classification' },
      dataset: { name: 'loan-intent-2023', type: 'acme/loan-intent-2023', split: 'test' },
      metrics: [{ type: 'accuracy', value: 0.912, name: 'Accuracy' }, { type: 'f1', value: 0.897, name: 'F1 (macro)', verified: false }],
    });
  });

  it('matches the template sections to the model sections by heading, subsections and code blocks included', () => {
    expect(Object.keys(parsed.sections).sort()).toEqual(['architecture', 'evaluation_results', 'intended_use', 'limitations', 'out_of_scope_uses', 'training_data']);
    expect(parsed.description).toBe(
      '<!-- Provide a quick summary of what the model is/does. -->\n\nThis model classifies the purpose of a consumer loan request (car, home improvement, debt consolidation…) from\nthe free text an applicant writes, so that the application reaches the right underwriting queue.',
    );
    expect(parsed.sections.architecture).toMatch(/^### Model Description\n\nA DistilBERT model[\s\S]*### Model Sources\n\n- \*\*Repository:\*\* https:\/\/git\.example\.com\/credit\/loan-intent$/);
    expect(parsed.sections.intended_use).toMatch(/^### Direct Use\n\nRouting written loan requests[\s\S]*### Downstream Use\n\nThe predicted purpose is one input of the affordability check\.$/);
    expect(parsed.sections.out_of_scope_uses).toBe('Deciding whether to grant credit. Texts in languages other than English and French.');
    expect(parsed.sections.limitations).toContain('### Recommendations\n\nRoute low-confidence predictions');
    expect(parsed.sections.training_data).toMatch(/^### Training Data\n\nloan-intent-2023[\s\S]*#### Training Hyperparameters[\s\S]*- num_epochs: 3$/);
    expect(parsed.sections.evaluation_results).toContain('| fr | 0.889 |');
    const unmapped = parsed.extra_metadata.unmapped_sections as { heading: string; body: string }[];
    expect(unmapped.map((s) => s.heading)).toEqual(['How to Get Started with the Model', 'Environmental Impact', 'Citation']);
    // Headings inside a fenced block are code.
    expect(unmapped[0]!.body).toContain('# The pipeline downloads the model on first use.\nclassifier = pipeline(');
    expect(unmapped[0]!.body).toContain('## not a heading: inside the code block');
    expect(unmapped[2]!.body).toMatch(/^```bibtex\n@misc\{acme2024loanintent,[\s\S]*\n```$/);
  });

  it('exports as a Hugging Face card and imports back to the same card', () => {
    const markdown = writeCardMarkdown(card(parsed));
    expect(markdown).toMatch(/^---\nmodel_name: distilbert-loan-intent\nlicense: apache-2\.0\nlanguage:\n {2}- en\n {2}- fr\nbase_model: distilbert\/distilbert-base-uncased\npipeline_tag: text-classification\n/);
    expect(markdown).toContain('\n# distilbert-loan-intent\n\n<!-- Provide a quick summary');
    expect(markdown).toContain('\n## Intended Use\n\n### Direct Use\n');
    expect(markdown.indexOf('## Bias, Risks, and Limitations')).toBeLessThan(markdown.indexOf('## How to Get Started with the Model'));
    expect(markdown).toMatch(/aegis:\n {2}asset_card_type: model\n {2}asset_card_nature: third_party\n---\n/);
    const again = parseCardMarkdown(markdown);
    expect(card(again)).toEqual(card(parsed));
    expect(again.datasets).toEqual(parsed.datasets);
    // And once more: the export of the import is the same file.
    expect(writeCardMarkdown(card(again))).toBe(markdown);
  });
});

describe('a Hugging Face dataset card', () => {
  const parsed = parseCardMarkdown(SAMPLE_DATASET_CARD);

  it('is read as a dataset card (its front matter keys), named by pretty_name', () => {
    expect(parsed).toMatchObject({ name: 'Loan Applications 2019-2024', asset_card_type: 'dataset', facts: expect.objectContaining({ license: 'cc-by-nc-4.0', languages: ['en'] }) });
    expect(parsed.extra_metadata).toMatchObject({ size_categories: ['1M<n<10M'], task_categories: ['tabular-classification'], configs: [{ config_name: 'default' }] });
    expect((parsed.extra_metadata.dataset_info as { features: { dtype: unknown }[] }).features[1]!.dtype).toEqual({ class_label: { names: { 0: 'refused', 1: 'granted' } } });
    expect(Object.keys(parsed.sections).sort()).toEqual(['collection_method', 'known_biases', 'personal_data_notes', 'source_and_provenance']);
    expect(parsed.sections.source_and_provenance).toBe("Exports of the core banking system and the credit bureau's answers.");
    expect(parsed.sections.collection_method).toMatch(/^Nightly extracts[\s\S]*#### Who are the source data producers\?\n\nApplicants/);
    expect(parsed.sections.personal_data_notes).toMatch(/^Income, employment/);
    expect((parsed.extra_metadata.unmapped_sections as { heading: string }[]).map((s) => s.heading)).toEqual(['Dataset Details', 'Uses', 'Dataset Structure', 'Dataset Creation', 'Citation']);
  });

  it('round-trips, and the type asked for wins', () => {
    expect(card(parseCardMarkdown(writeCardMarkdown(card(parsed))))).toEqual(card(parsed));
    const asSystem = parseCardMarkdown(SAMPLE_DATASET_CARD, { asset_card_type: 'ai_system', asset_card_nature: 'third_party' });
    expect(asSystem).toMatchObject({ asset_card_type: 'ai_system', asset_card_nature: 'third_party', name: 'Loan Applications 2019-2024' });
    // As an AI system, pretty_name is no name key: the heading names it, pretty_name is kept.
    expect(asSystem.extra_metadata.pretty_name).toBe('Loan Applications 2019-2024');
    expect(card(parseCardMarkdown(writeCardMarkdown(card(asSystem))))).toEqual(card(asSystem));
  });
});

describe('cards without front matter, and odd ones', () => {
  it('takes the name from the heading, CRLF line ends and a BOM', () => {
    const parsed = parseCardMarkdown('\uFEFF# Dataset card for Branch visits\r\n\r\nCounts per branch.\r\n\r\n# Source Data\r\n\r\nTill exports.\r\n', { asset_card_type: 'dataset' });
    expect(parsed).toMatchObject({ name: 'Branch visits', description: 'Counts per branch.', sections: { source_and_provenance: 'Till exports.' }, extra_metadata: {} });
  });

  it('keeps metric values that are no number in the model-index it keeps, and takes numeric strings', () => {
    const parsed = parseCardMarkdown('---\nmodel-index:\n- name: m\n  results:\n  - metrics:\n    - {type: bleu, value: "31.5"}\n    - {type: rouge, value: [0.1, 0.2]}\n---\n# m\n');
    expect(parsed.facts.metrics).toEqual([{ name: 'bleu', value: 31.5, dataset: null }]);
    expect(parsed.extra_metadata['model-index']).toEqual([{ name: 'm', results: [{ metrics: [{ type: 'bleu', value: '31.5' }, { type: 'rouge', value: [0.1, 0.2] }] }] }]);
    expect(parsed.extra_metadata).not.toHaveProperty('unmapped_metrics');
    expect(writeCardMarkdown(card(parsed))).toMatch(/type: rouge/);
    expect(card(parseCardMarkdown(writeCardMarkdown(card(parsed))))).toEqual(card(parsed));
  });

  it('refuses what is no card with a 422 naming the line', () => {
    expect(refusal('---\nlicense: mit\nlanguage: [en,\n---\n# x\n')).toMatchObject({ status: 422, error: { path: 'body.file', line: expect.any(Number) }, detail: expect.stringContaining('bad YAML') });
    expect(refusal('---\ntags: [a]\nlicense: mit\n  bad: indent\n---\n# x\n').error!.line).toBe(3);
    expect(refusal('---\nlicense: mit\nlicense: apache-2.0\n---\n# x\n')).toMatchObject({ error: { line: 3 } });
    expect(refusal('---\nlicense: mit\n# x\n')).toMatchObject({ detail: expect.stringContaining('not closed'), error: { line: 1 } });
    expect(refusal('---\n- a list\n---\n# x\n').detail).toContain('key: value');
    expect(refusal('---\na: &x [1]\nb: *x\n---\n# x\n')).toMatchObject({ detail: expect.stringContaining('aliases'), error: { line: 3 } });
    const deep = `---\nx: ${'['.repeat(40)}${']'.repeat(40)}\n---\n# x\n`;
    expect(refusal(deep)).toMatchObject({ detail: expect.stringContaining('nested more than 32 levels'), error: { line: 2 } });
    expect(refusal('---\naegis:\n  asset_card_type: spreadsheet\n---\n# x\n')).toMatchObject({ error: { path: 'body.file.front_matter.aegis.asset_card_type', line: 2 } });
    expect(refusal('---\naegis:\n  asset_card_nature: borrowed\n---\n# x\n').error!.path).toBe('body.file.front_matter.aegis.asset_card_nature');
    expect(refusal('---\naegis:\n  colour: blue\n---\n# x\n').error!.path).toBe('body.file.front_matter.aegis.colour');
    expect(refusal(`---\n\nlicense: ${'x'.repeat(300)}\n---\n# x\n`)).toMatchObject({ error: { path: 'body.file.front_matter.license', line: 3 } });
    expect(refusal('---\naegis:\n  source_url: ftp://example.com\n---\n# x\n').error!.path).toBe('body.file.front_matter.aegis.source_url');
    expect(refusal('---\nlicense: mit\n---\nNo heading at all.\n').detail).toContain('has no name');
    expect(refusal('---\nunmapped_sections: []\n---\n# x\n').error!.path).toBe('body.file.front_matter.unmapped_sections');
    expect(refusal(`# x\n\n## Intended Use\n\n${'a'.repeat(50_001)}\n`)).toMatchObject({ detail: expect.stringContaining('“Intended Use” is longer'), error: { line: 3 } });
  });
});

const words = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.'()-]{0,40}$/).map((s) => s.trim()).filter((s) => s.length > 0);
const paragraph = fc.array(words, { minLength: 1, maxLength: 4 }).map((lines) => lines.join('\n'));
const jsonValue = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);

const cardArbitrary = (type: AssetCardType) =>
  fc.record({
    name: words,
    asset_card_type: fc.constant(type),
    asset_card_nature: fc.constantFrom(...ASSET_CARD_NATURES),
    version: fc.option(words, { nil: null }),
    description: fc.oneof(fc.constant(''), paragraph),
    facts: fc
      .record({
        license: fc.option(words, { nil: null }),
        languages: fc.array(fc.constantFrom('en', 'fr', 'de', 'true', '1.0'), { maxLength: 3 }),
        base_model: fc.option(words, { nil: null }),
        task: fc.option(words, { nil: null }),
        metrics: fc.array(fc.record({ name: words, value: fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => (Object.is(v, -0) ? 0 : v)), dataset: fc.option(words, { nil: null }) }), { maxLength: 4 }),
        personal_data: fc.option(fc.boolean(), { nil: null }),
        personal_data_categories: fc.array(words, { maxLength: 3 }),
        size: fc.option(words, { nil: null }),
        time_span_start: fc.option(fc.constant('2019-01-01'), { nil: null }),
        time_span_end: fc.option(fc.constant('2024-06-30'), { nil: null }),
        provider: fc.option(words, { nil: null }),
        source_url: fc.option(fc.constant('https://example.com/card'), { nil: null }),
      })
      .map((facts) => assetCardFacts.parse(facts)),
    sections: fc.subarray(ASSET_CARD_SECTIONS[type].map((s) => s.key)).chain((keys) => fc.tuple(...keys.map(() => paragraph)).map((bodies) => Object.fromEntries(keys.map((k, i) => [k, bodies[i]!])))),
    extra_metadata: fc
      .record(
        {
          tags: fc.array(words, { maxLength: 3 }),
          datasets: fc.array(words, { maxLength: 2 }),
          library_name: words,
          widget: jsonValue,
          unmapped_sections: fc.array(fc.record({ heading: words, body: fc.oneof(fc.constant(''), paragraph) }), { minLength: 1, maxLength: 2 }),
        },
        { requiredKeys: [] },
      )
      // An unmapped section whose heading names a section of the type would be read as that section: generated headings avoid them.
      .filter((extra) => !(extra.unmapped_sections ?? []).some((s) => sectionForHeading(type, s.heading) !== undefined)),
  });

describe('the round trip', () => {
  it('gives back any card of any type: parse(write(card)) = card', () => {
    for (const type of ASSET_CARD_TYPES) {
      fc.assert(
        fc.property(cardArbitrary(type), (original) => {
          const markdown = writeCardMarkdown(original as CardContent);
          const back = card(parseCardMarkdown(markdown));
          expect(back).toEqual(original);
        }),
        { numRuns: 60 },
      );
    }
  });
});
