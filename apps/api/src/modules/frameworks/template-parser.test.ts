import { readFileSync } from 'node:fs';
import { BUILT_IN_FRAMEWORK_CODES } from '@aegis/contracts';
import { describe, expect, it } from 'vitest';
import { MFF1_CONTROL_CODES } from './built-in-templates';
import { MAX_FRAMEWORK_TEMPLATE_BYTES, parseFrameworkTemplate, type ParseTemplateResult } from './template-parser';

const known = new Set(['MFF-1.GOV.01', 'MFF-1.RSK.02']);
const reserved = new Set<string>(BUILT_IN_FRAMEWORK_CODES);
const bytes = (text: string) => new TextEncoder().encode(text);

function parse(content: string | Uint8Array, filename = 'template.json'): ParseTemplateResult {
  return parseFrameworkTemplate({ bytes: typeof content === 'string' ? bytes(content) : content, filename, knownControlCodes: known, reservedFrameworkCodes: reserved });
}

/** A valid template as a plain object, to break one thing at a time. */
function template(): Record<string, unknown> & { requirements: Record<string, unknown>[] } {
  return {
    framework_code: 'ACME_AI_POLICY',
    name: 'Acme AI policy',
    version: '2025.1',
    controls: [{ code: 'ACME.01', title: 'Model registry' }],
    requirements: [
      { code: '1', title: 'Governance', children: [{ code: '1.1', title: 'Policy', controls: ['MFF-1.GOV.01'] }] },
      { code: '2', title: 'Registry', controls: [{ code: 'ACME.01', relationship: 'subset', rationale: 'Our own control.', strength: 8 }] },
      { code: '3', title: 'Risk', controls: ['MFF-1.RSK.02'] },
      { code: '4', title: 'More risk', controls: ['MFF-1.RSK.02'] },
    ],
  };
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

function problems(result: ParseTemplateResult) {
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.problems;
}

describe('parseFrameworkTemplate', () => {
  it('accepts a valid JSON template and normalizes plain control codes to equal mappings by the author', () => {
    const result = parse(json(template()));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [first, second] = result.template.requirements;
    expect(first!.children[0]!.controls).toEqual([{ code: 'MFF-1.GOV.01', relationship: 'equal', source: 'author' }]);
    expect(second!.controls).toEqual([{ code: 'ACME.01', relationship: 'subset', source: 'author', rationale: 'Our own control.', strength: 8 }]);
    expect(second!.children).toEqual([]);
    expect(result.template.questionnaire).toEqual([]);
  });

  it('accepts the same template in YAML', () => {
    const yaml = [
      'framework_code: ACME_AI_POLICY',
      'name: Acme AI policy',
      'version: "2025.1"',
      'requirements:',
      '  - code: "1"',
      '    title: Policy',
      '    controls: [MFF-1.GOV.01]',
    ].join('\n');
    expect(parse(yaml, 'acme.yaml').ok).toBe(true);
    expect(parse(yaml, 'acme.yml').ok).toBe(true);
    expect(parseFrameworkTemplate({ bytes: bytes(yaml), contentType: 'application/yaml', knownControlCodes: known, reservedFrameworkCodes: reserved }).ok).toBe(true);
  });

  it('accepts the example of docs/framework-templates.md, and a UTF-8 BOM', () => {
    const doc = readFileSync(new URL('../../../../../docs/framework-templates.md', import.meta.url), 'utf8');
    const example = /```yaml\n(framework_code: ACME[\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    const result = parseFrameworkTemplate({ bytes: bytes(`\uFEFF${example}`), filename: 'acme.yaml', knownControlCodes: MFF1_CONTROL_CODES, reservedFrameworkCodes: reserved });
    expect(result.ok ? [] : result.problems).toEqual([]);
  });

  it('refuses a missing field, naming it', () => {
    const t = template();
    delete t.name;
    (t.requirements[2] as Record<string, unknown>).title = undefined;
    expect(problems(parse(json(t)))).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'is required', line: 1 },
        expect.objectContaining({ path: 'requirements[2].title', message: 'is required' }),
      ]),
    );
  });

  it('refuses a duplicate requirement code anywhere in the tree', () => {
    const t = template();
    t.requirements[3]!.code = '1.1';
    expect(problems(parse(json(t)))).toEqual([expect.objectContaining({ path: 'requirements[3].code', message: 'duplicate requirement code 1.1 (first at requirements[0].children[0])' })]);
  });

  it('refuses a duplicate control code', () => {
    const t = template();
    t.controls = [{ code: 'ACME.01', title: 'A' }, { code: 'ACME.01', title: 'B' }];
    expect(problems(parse(json(t)))).toEqual([expect.objectContaining({ path: 'controls[1].code', message: 'duplicate control code ACME.01 (first at controls[0])' })]);
  });

  it('refuses a mapping to an unknown control, by path and line', () => {
    const t = template();
    t.requirements[3]!.controls = ['MFF-1.XX.99'];
    const [problem] = problems(parse(json(t)));
    expect(`${problem!.path}: ${problem!.message}`).toBe('requirements[3].controls[0]: unknown control MFF-1.XX.99');
    expect(problem!.line).toBe(json(t).split('\n').findIndex((l) => l.includes('MFF-1.XX.99')) + 1);
  });

  it('refuses own controls that reuse an MFF-1 code', () => {
    const t = template();
    t.controls = [{ code: 'MFF-1.GOV.01', title: 'Shadow' }];
    expect(problems(parse(json(t)))[0]).toMatchObject({ path: 'controls[0].code', message: expect.stringContaining('MFF-1 control code') });
  });

  it.each(BUILT_IN_FRAMEWORK_CODES)('refuses the built-in framework code %s', (code) => {
    expect(problems(parse(json({ ...template(), framework_code: code })))).toEqual([
      expect.objectContaining({ path: 'framework_code', message: `${code} is a built-in framework code; choose another` }),
    ]);
  });

  it('refuses a badly formed framework code', () => {
    expect(problems(parse(json({ ...template(), framework_code: 'acme policy' })))[0]).toMatchObject({ path: 'framework_code' });
  });

  it('refuses a leaf requirement without controls', () => {
    const t = template();
    t.requirements[2]!.controls = [];
    expect(problems(parse(json(t)))).toEqual([expect.objectContaining({ path: 'requirements[2].controls', message: expect.stringContaining('at least one control') })]);
  });

  it('refuses a mapping object with a bad relationship, and unknown fields', () => {
    const t = template();
    t.requirements[2]!.controls = [{ code: 'MFF-1.RSK.02', relationship: 'similar' }];
    t.requirements[3]!.control = 'MFF-1.RSK.02';
    expect(problems(parse(json(t)))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'requirements[2].controls[0].relationship', message: 'must be one of "equal", "subset", "superset", "intersect"' }),
        expect.objectContaining({ path: 'requirements[3].control', message: 'is not a known field' }),
      ]),
    );
  });

  it('refuses a mapping source that is neither built in nor declared', () => {
    const t = template();
    t.requirements[2]!.controls = [{ code: 'MFF-1.RSK.02', relationship: 'intersect', source: 'NOWHERE' }];
    expect(problems(parse(json(t)))[0]).toMatchObject({ path: 'requirements[2].controls[0].source' });
    t.sources = [{ id: 'NOWHERE', title: 'Our crosswalk' }];
    expect(parse(json(t)).ok).toBe(true);
  });

  it('checks applies_when fields and options against the questionnaire', () => {
    const t = template();
    t.questionnaire = [{ id: 'acme.size', text: 'Size?', answer_type: 'single', options: [{ value: 'small', label: 'Small' }] }];
    t.requirements[2]!.applies_when = { all: [{ field: 'acme.size', in: ['large'] }, { field: 'acme.colour', equals: 'red' }, { field: 'eu_ai_act.role', in: ['provider'] }] };
    expect(problems(parse(json(t)))).toEqual([
      expect.objectContaining({ path: 'requirements[2].applies_when.all[1].field', message: expect.stringContaining('unknown field acme.colour') }),
      expect.objectContaining({ path: 'requirements[2].applies_when.all[0].in[0]', message: '"large" is not an option of question acme.size' }),
    ]);
  });

  it('reports JSON syntax errors with their line', () => {
    expect(problems(parse('{\n  "framework_code": "X1",\n  "name": }\n'))).toEqual([expect.objectContaining({ path: '$', line: 3, message: expect.stringContaining('JSON syntax error') })]);
    expect(problems(parse('{\n  "a": 1,\n}'))[0]).toMatchObject({ line: 3 });
    expect(problems(parse('{"a": "unterminated\n'))[0]).toMatchObject({ line: 1 });
  });

  it('reports YAML syntax errors with their line', () => {
    const [problem] = problems(parse('framework_code: X1\nname: [unclosed\nversion: 1\n', 'x.yaml'));
    expect(problem).toMatchObject({ path: '$', message: expect.stringContaining('YAML syntax error') });
    expect(problem!.line).toBeGreaterThanOrEqual(2);
    expect(problems(parse('a: 1\na: 2\n', 'x.yaml'))[0]).toMatchObject({ line: 2, message: expect.stringContaining('unique') });
    expect(problems(parse('a: 1\n---\nb: 2\n', 'x.yaml'))[0]).toMatchObject({ path: '$', message: expect.stringContaining('YAML syntax error') });
  });

  it('refuses YAML aliases, so an alias bomb never expands', () => {
    const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...'bcdefghi'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`)].join('\n');
    const result = parse(bomb, 'bomb.yaml');
    expect(problems(result)[0]).toMatchObject({ path: '$', line: 2, message: expect.stringContaining('aliases') });
  });

  it('refuses a file that is not UTF-8', () => {
    expect(problems(parse(new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d])))).toEqual([{ path: '$', message: 'the file is not valid UTF-8 text' }]);
    expect(problems(parse(new Uint8Array([0xff, 0xfe, 0x7b, 0x00])))[0]?.message).toBe('the file is not valid UTF-8 text');
  });

  it('refuses NUL bytes and lone surrogates', () => {
    expect(problems(parse(`{\n"name": "a\u0000b"}`))).toEqual([{ path: '$', message: 'the file contains a NUL character', line: 2 }]);
    const t = template();
    expect(problems(parse(json(t).replace('Acme AI policy', 'Acme \\ud800 policy')))).toEqual([expect.objectContaining({ path: 'name', message: expect.stringContaining('unpaired surrogate') })]);
    expect(problems(parse(json(t).replace('Acme AI policy', 'Acme \\u0007 policy')))).toEqual([expect.objectContaining({ path: 'name', message: 'contains a control character' })]);
  });

  it('refuses files over the size limit before reading them', () => {
    expect(MAX_FRAMEWORK_TEMPLATE_BYTES).toBe(2 * 1024 * 1024);
    const result = parse(new Uint8Array(MAX_FRAMEWORK_TEMPLATE_BYTES + 1));
    expect(problems(result)).toEqual([{ path: '$', message: expect.stringContaining(`at most ${MAX_FRAMEWORK_TEMPLATE_BYTES}`) }]);
  });

  it('refuses excessive nesting of requirements and of the document', () => {
    const t = template();
    let node: Record<string, unknown> = { code: 'd0', title: 'deep', controls: ['MFF-1.GOV.01'] };
    for (let i = 1; i <= 9; i++) node = { code: `d${i}`, title: 'deep', children: [node] };
    t.requirements.push(node);
    expect(problems(parse(json(t)))[0]?.message).toContain('nested too deeply');

    const deepJson = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(problems(parse(deepJson))[0]).toMatchObject({ message: expect.stringContaining('nested too deeply') });
    const deepYaml = `${'['.repeat(20000)}${']'.repeat(20000)}`;
    expect(problems(parse(deepYaml, 'deep.yaml'))[0]?.message).toMatch(/nested too deeply|YAML/);
  });

  it('refuses an empty file and a document that is not an object', () => {
    expect(problems(parse(' \n'))).toEqual([{ path: '$', message: 'the file is empty' }]);
    expect(problems(parse('[1, 2]'))[0]).toMatchObject({ path: '$', message: 'must be an object' });
  });

  it('never throws, whatever the bytes', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = ['{', '}', '[', ']', '"', ':', ',', '- ', '&a ', '*a', '\n', '  ', 'x', '1', 'null', '!!binary ', '? ', '|', '#'];
    for (let i = 0; i < 300; i++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 40) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      for (const name of ['f.json', 'f.yaml']) expect(() => parse(text, name)).not.toThrow();
    }
  });
});
