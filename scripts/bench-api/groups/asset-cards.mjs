// Group "asset-cards" (issue 22): the demo project's asset cards at 1,000, and the import of a Hugging Face card.
//
// The server stops, cards go straight into the database (as the risks group adds risks) until the demo project
// holds 1,000 of them — the five types in turn, the three natures in turn, statuses ready / in progress / out of
// scope, a licence and a version in the facts, three prose sections of the type (about 1 KB), every tenth assigned
// to editor@demo.local; each bench model trained on the bench dataset just before it and each bench AI system using
// the model before it (lineage) —, VACUUM ANALYZE, the server starts again. Then the list (first page by name, a
// type-and-nature filter, a name filter, in progress and assigned to me, by last change), the lineage graph of the
// whole project, cards one by one, and the import of a Hub-shaped model card (front matter with model-index
// results, eight sections; each import creates a card) and its Markdown download.
import crypto from 'node:crypto';
import { openDatabase } from '../database.mjs';

const CARDS = 1_000;
const ROUND_ROBIN = 100;
const TYPES = ['model', 'dataset', 'ai_system', 'software_component', 'third_party_service'];

const labels = () => {
  const at = CARDS.toLocaleString('en');
  return {
    list: `GET …/asset_cards at ${at}: first page by name`,
    type: `GET …/asset_cards at ${at}: type and nature filter (model, in_house)`,
    name: `GET …/asset_cards at ${at}: name filter`,
    mine: `GET …/asset_cards at ${at}: in progress and assigned to me (editor)`,
    recent: `GET …/asset_cards at ${at}: by last change, newest first`,
    lineage: `GET …/asset_cards/lineage at ${at}`,
    detail: `GET …/asset_cards/:id (${ROUND_ROBIN} cards, round robin)`,
    import: `POST …/asset_cards/import (a ${Math.round(MODEL_CARD.length / 1024)} KB Hugging Face model card)`,
    download: `GET …/asset_cards/:id/download (Markdown; ${ROUND_ROBIN} cards, round robin)`,
  };
};

const SECTIONS = {
  model: ['intended_use', 'training_data', 'limitations'],
  dataset: ['source_and_provenance', 'collection_method', 'known_biases'],
  ai_system: ['purpose', 'components', 'human_oversight'],
  software_component: ['purpose', 'dependencies', 'security'],
  third_party_service: ['provider', 'purpose', 'data_processing'],
};
const PROSE =
  'Documented by the team that owns it and reviewed before each release. It states what the asset is for, where it comes from, ' +
  'who may use it and under which conditions, and the limits found in testing, so that an auditor can follow the chain from data to decision.';

/**
 * Adds "Bench asset NNNN (type)" cards to the project until `CARDS` cards exist there, with their lineage and
 * assignees, in one statement; returns how many it added.
 */
async function growTo(db, { organizationId, projectId, adminId, editorId }) {
  const [{ have }] = (await db.query(`select count(*)::int as have from asset_cards where project_id = $1`, [projectId])).rows;
  if (have >= CARDS) return 0;
  const sections = Object.fromEntries(Object.entries(SECTIONS).map(([type, keys]) => [type, Object.fromEntries(keys.map((k) => [k, PROSE]))]));
  await db.query(
    `with planned as (
       select g, ($5::text[])[(g - 1) % 5 + 1] as type, (array['in_house', 'third_party', 'open_source'])[(g - 1) % 3 + 1] as nature,
              (array['ready', 'in_progress', 'in_progress', 'out_of_scope'])[(g - 1) % 4 + 1] as status
         from generate_series($6::int, $7::int) g
     ), inserted as (
       insert into asset_cards (organization_id, project_id, name, asset_card_type, asset_card_nature, description, version, facts, sections, status, created_by, created_at, updated_at)
       select $1, $2, 'Bench asset ' || lpad(p.g::text, 4, '0') || ' (' || p.type || ')', p.type::asset_card_type, p.nature::asset_card_nature,
              'An asset of the bench inventory.', '1.' || (p.g % 7), jsonb_build_object('license', (array['apache-2.0', 'mit', 'proprietary', 'cc-by-4.0'])[p.g % 4 + 1]),
              $8::jsonb -> p.type, p.status::work_item_status, $3,
              now() - make_interval(secs => $7::int - p.g), now() - make_interval(secs => $7::int - p.g)
         from planned p
       returning id, name, asset_card_type
     ), numbered as (
       select id, asset_card_type, substring(name from 'Bench asset ([0-9]+)')::int as g from inserted
     ), lineage as (
       insert into asset_card_lineage (organization_id, project_id, from_id, to_id, relation)
       select $1, $2, up.id, down.id, case when down.asset_card_type = 'model' then 'trained_on' else 'uses' end::asset_lineage_relation
         from numbered down join numbered up
           on (down.asset_card_type = 'model' and up.asset_card_type = 'dataset' and up.g = down.g + 1)
           or (down.asset_card_type = 'ai_system' and up.asset_card_type = 'model' and up.g = down.g - 2)
     )
     insert into work_item_people (organization_id, project_id, item_type, item_id, role, user_id)
     select $1, $2, 'asset_card', n.id, 'assignee', $4 from numbered n where n.g % 10 = 0`,
    [organizationId, projectId, adminId, editorId, TYPES, have + 1, CARDS, JSON.stringify(sections)],
  );
  // What autovacuum does on a live PostgreSQL: statistics and the visibility map.
  await db.query('vacuum analyze asset_cards, asset_card_lineage, work_item_people');
  return CARDS - have;
}

/** A model card as fine-tuning scripts and the Hub's template write them: front matter with model-index results, the template's sections. */
const MODEL_CARD = `---
language:
- en
license: apache-2.0
library_name: transformers
tags:
- text-classification
- generated_from_trainer
datasets:
- bench-loan-intent
metrics:
- accuracy
- f1
base_model: distilbert/distilbert-base-uncased
pipeline_tag: text-classification
model-index:
- name: bench-loan-intent
  results:
  - task:
      type: text-classification
    dataset:
      name: bench-loan-intent
      type: bench/loan-intent
      split: test
    metrics:
    - type: accuracy
      value: 0.912
      name: Accuracy
    - type: f1
      value: 0.897
      name: F1
---

# Model Card for bench-loan-intent

${PROSE}

## Model Details

### Model Description

${PROSE}

## Uses

### Direct Use

${PROSE}

### Out-of-Scope Use

${PROSE}

## Bias, Risks, and Limitations

${PROSE}

## How to Get Started with the Model

\`\`\`python
from transformers import pipeline
classifier = pipeline("text-classification", model="bench/loan-intent")
\`\`\`

## Training Details

### Training Data

${PROSE}

### Training Procedure

- learning_rate: 2e-05
- num_epochs: 3

## Evaluation

${PROSE}

## Environmental Impact

${PROSE}
`;

/** The card as the multipart/form-data body of one part named `file`. */
function multipart(text) {
  const boundary = `----aegis-bench-${crypto.randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="README.md"\r\ncontent-type: text/markdown\r\n\r\n`),
    Buffer.from(text, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}

export const assetCards = {
  name: 'asset-cards',
  title: () => `the demo project's asset cards at ${CARDS.toLocaleString('en')} (added straight into the database) and the Hugging Face card import`,
  labels: () => Object.values(labels()),
  async run(ctx) {
    const { client, tokens, recorder, options } = ctx;
    const label = labels();
    const p = `/api/projects/${ctx.demoProject}/asset_cards`;
    const adminId = (await client.call(tokens.admin, 'GET', '/api/users/me')).id;
    const editorId = (await client.call(tokens.editor, 'GET', '/api/users/me')).id;

    const started = performance.now();
    let added = 0;
    const readyMs = await ctx.restartServer(async () => {
      const db = await openDatabase(ctx.root, { databaseUrl: options.databaseUrl, dataDir: ctx.dataDir });
      try {
        added = await growTo(db, { organizationId: ctx.organizationId, projectId: ctx.demoProject, adminId, editorId });
      } finally {
        await db.close();
      }
    });
    const graph = await client.call(tokens.admin, 'GET', `${p}/lineage`);
    recorder.note(
      `asset-cards: ${added.toLocaleString('en')} cards added in ${((performance.now() - started - readyMs) / 1000).toFixed(1)} s, the server started again in ${(readyMs / 1000).toFixed(1)} s; ` +
        `the project holds ${graph.nodes.length.toLocaleString('en')} cards and ${graph.edges.length.toLocaleString('en')} lineage links`,
    );

    const headers = { authorization: `Bearer ${tokens.admin}` };
    const read = (url, who = 'admin') => recorder.cannon({ url: `${client.base}${url}`, headers: { authorization: `Bearer ${tokens[who]}` } });
    const cards = (await client.call(tokens.admin, 'GET', `${p}?name=bench%20asset&size=${ROUND_ROBIN}`)).items;

    await recorder.measure(label.list, () => read(p));
    await recorder.measure(label.type, () => read(`${p}?asset_card_type=model&asset_card_nature=in_house`));
    await recorder.measure(label.name, () => read(`${p}?name=asset%2005`));
    await recorder.measure(label.mine, () => read(`${p}?status=in_progress&is_assigned_to_me=true`, 'editor'));
    await recorder.measure(label.recent, () => read(`${p}?sort_by=updated_at&descending=true`));
    await recorder.measure(label.lineage, () => read(`${p}/lineage`));
    let next = 0;
    const one = (suffix) => (request) => ({ ...request, path: `${p}/${cards[next++ % cards.length].id}${suffix}` });
    await recorder.measure(label.detail, () => recorder.cannon({ url: client.base, requests: [{ method: 'GET', headers, setupRequest: one('') }] }));

    const upload = multipart(MODEL_CARD);
    await recorder.measure(label.import, () =>
      recorder.cannon({ url: client.base, requests: [{ method: 'POST', path: `${p}/import`, headers: { ...headers, 'content-type': upload.contentType }, body: upload.body }] }),
    );
    await recorder.measure(label.download, () => recorder.cannon({ url: client.base, requests: [{ method: 'GET', headers, setupRequest: one('/download') }] }));
  },
};
