#!/usr/bin/env node
// Builds the built-in framework templates (MFF-1, EU_AI_ACT, ISO_IEC_42001, NIST_AI_RMF) from the
// reference data in content/sources and the authored files in content/authored (questionnaires/*.yaml:
// the ISO/IEC 42001 and NIST AI RMF scoping questions and the conditions they decide). Deterministic: the
// same inputs give byte-identical output, so the committed JSON can be checked by re-running it.
//
//   node scripts/generate-framework-templates.mjs [--out DIR] [--sources DIR]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { buildEu } from './framework-templates/eu.mjs';
import { buildIso, buildNist, readIsoEntries } from './framework-templates/iso-nist.mjs';
import { readEntry } from './framework-templates/mappings.mjs';
import { buildMff1 } from './framework-templates/mff1.mjs';
import { withScoping } from './framework-templates/scoping.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const content = join(root, 'apps/api/src/modules/frameworks/content');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? resolve(process.argv[i + 1]) : fallback;
};
const out = arg('--out', content);
const sources = arg('--sources', join(content, 'sources'));

const json = (file) => JSON.parse(readFileSync(join(sources, file), 'utf8'));
const yaml = (file) => parse(readFileSync(join(content, 'authored', file), 'utf8'));

const eu = json('eu-ai-act.json');
const iso = json('iso-42001.json');
const nist = json('nist-ai-rmf.json');
const crosswalk = json('crosswalk.json');
const exceptions = yaml('crosswalk-exceptions.yaml');

const { template: mff1, controls } = buildMff1(yaml('mff-1.yaml'));
const isoEntries = readIsoEntries(yaml('mappings/iso-42001.yaml'));
const nistAuthored = yaml('mappings/nist-ai-rmf.yaml');
const nistEntries = new Map(Object.entries(nistAuthored).map(([k, v]) => [k, readEntry(k, v)]));

const templates = {
  'MFF-1': mff1,
  // Clauses 4-10 are the management system itself: always applicable, never scoped.
  ISO_IEC_42001: withScoping(buildIso(iso, isoEntries, controls, yaml('iso-summaries.yaml')), yaml('questionnaires/iso-42001.yaml'), 'questionnaires/iso-42001.yaml', (code) => !code.startsWith('A.')),
  NIST_AI_RMF: withScoping(buildNist(nist, crosswalk, nistAuthored, isoEntries, controls, exceptions.nist_iso), yaml('questionnaires/nist-ai-rmf.yaml'), 'questionnaires/nist-ai-rmf.yaml'),
  EU_AI_ACT: buildEu(eu, crosswalk, yaml('mappings/eu-ai-act.yaml'), isoEntries, nistEntries, controls, exceptions.eu_derived, yaml('eu-additions.yaml')),
};

mkdirSync(out, { recursive: true });
for (const [code, template] of Object.entries(templates)) {
  writeFileSync(join(out, `${code}.json`), `${JSON.stringify(template, null, 2)}\n`);
}
console.log(`framework templates written to ${out}: ${Object.keys(templates).join(', ')}`);
