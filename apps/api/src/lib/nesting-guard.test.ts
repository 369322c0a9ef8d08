import { readdirSync, readFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { assertNestingWithin, findExcessNesting, MAX_NESTING_DEPTH } from './nesting-guard';

const yaml = (text: string, maxDepth = 32) => findExcessNesting(text, { format: 'yaml', maxDepth });
const json = (text: string, maxDepth = 32) => findExcessNesting(text, { format: 'json', maxDepth });

/** Nesting of a parsed value, counted the way the guard counts (the root collection is 1). */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

/** A block YAML document `levels` deep, alternating mappings and sequences as templates do. */
function blockYaml(levels: number): string {
  const lines: string[] = [];
  for (let i = 0; i < levels; i++) lines.push(i % 2 === 0 ? `${'  '.repeat(i)}k${i}:` : `${'  '.repeat(i)}-`);
  lines.push(`${'  '.repeat(levels)}leaf`);
  return lines.join('\n');
}

describe('nesting guard', () => {
  it('measures flow, block and JSON nesting as the parser sees it', () => {
    const samples = [
      'a: 1\nb: [1, [2, {c: [3]}]]\n',
      'requirements:\n- code: a\n  children:\n  - code: b\n    controls: [x, y]\n  - code: c\n    applies_when:\n      all:\n        - field: f\n          in: [a, b]\nname: x\n',
      'a:\n  - - - x\n    - y\n  - b: {c: d}\ne: f\n',
      '- a\n- b: c\n  d:\n    - e\n',
      '? complex\n: value\nlist:\n- "quoted: [not nested"\n- \'it\'\'s [ fine\'\n',
      'text: |\n  [[[[[[\n  {{{{\nnext: >-\n  ]]]]\nafter: [1]\n',
    ];
    for (const sample of samples) {
      const depth = depthOf(parseDocument(sample).toJS());
      expect(yaml(sample, depth), sample).toBeNull();
      expect(yaml(sample, depth - 1), sample).not.toBeNull();
    }
  });

  it('refuses deep flow YAML, naming the line', () => {
    const text = `name: x\nrequirements:\n  - ${'['.repeat(1000)}${']'.repeat(1000)}\n`;
    expect(yaml(text)).toEqual({ line: 3, depth: 33, maxDepth: 32 });
    const multiLine = `a:\n${Array.from({ length: 100 }, (_, i) => `${' '.repeat(i + 1)}[`).join('\n')}\n`;
    expect(yaml(multiLine)).toMatchObject({ line: 33 });
  });

  it('refuses deep block YAML, naming the line', () => {
    expect(yaml(blockYaml(1000))).toEqual({ line: 33, depth: 33, maxDepth: 32 });
    expect(yaml(blockYaml(32))).toBeNull();
    const compact = `${'- '.repeat(1000)}x\n`;
    expect(yaml(compact)).toMatchObject({ line: 1 });
    const sameColumn = Array.from({ length: 100 }, (_, i) => `${'  '.repeat(i)}- k${i}:`).join('\n');
    expect(yaml(sameColumn)).toMatchObject({ line: 17 }); // each line opens a sequence and a mapping
  });

  it('refuses deep JSON, naming the line', () => {
    expect(json(`{\n"a":\n${'['.repeat(1000)}${']'.repeat(1000)}}`)).toEqual({ line: 3, depth: 33, maxDepth: 32 });
    expect(json('[[[]]]', 3)).toBeNull();
    expect(json('[[[[]]]]', 3)).toEqual({ line: 1, depth: 4, maxDepth: 3 });
  });

  it('does not count brackets inside strings, comments or block scalars', () => {
    const brackets = '['.repeat(1000);
    expect(json(`{"a": "${brackets}", "b": "\\"${brackets}"}`)).toBeNull();
    expect(yaml(`a: "${brackets}"\nb: '${brackets}'\nc: plain ${brackets}\n# ${brackets}\nd: [x] # ${brackets}\n`)).toBeNull();
    expect(yaml(`a: "multi\n  line ${brackets}\n  still"\nb: |\n  ${brackets}\n  ${brackets}\nc: 1\n`)).toBeNull();
    expect(yaml(`a: ["x ${brackets}", 'y ${brackets}']\n`)).toBeNull();
  });

  it('counts a mixed document (block into flow into JSON-like flow)', () => {
    const text = `${blockYaml(20)}: {a: [${'{"b": ['.repeat(500)}`;
    expect(yaml(text)?.depth).toBe(33);
  });

  it('passes every built-in framework template with room to spare', () => {
    const dir = new URL('../modules/frameworks/content/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(json(readFileSync(new URL(file, dir), 'utf8'), 24), file).toBeNull();
  });

  it('scans 10 MB in linear time', () => {
    const row = '  - {code: "r", title: "a title with [brackets] and {braces}", controls: [a, b, c]}\n';
    const flow = `requirements:\n${row.repeat(Math.ceil(10_000_000 / row.length))}`;
    const block = `requirements:\n${'  - code: r\n    title: t\n    controls:\n      - a\n'.repeat(250_000)}`;
    const jsonText = `[${'{"code":"r","title":"[[[[","controls":["a","b"]},'.repeat(220_000)}1]`;
    const longLine = `a: ${'- '.repeat(5_000_000)}`;
    for (const [format, text] of [['yaml', flow], ['yaml', block], ['json', jsonText], ['yaml', longLine]] as const) {
      expect(text.length).toBeGreaterThan(9_000_000);
      const started = performance.now();
      expect(findExcessNesting(text, { format })).toBeNull();
      // A quadratic scan of 10 MB would take hours; a linear one well under a second on a busy core.
      expect(performance.now() - started).toBeLessThan(3000);
    }
  });

  it('throws a 422 naming the line through assertNestingWithin', () => {
    let thrown: unknown;
    try {
      assertNestingWithin(`a: 1\nb: ${'['.repeat(40)}`, { format: 'yaml', path: 'body.file' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ statusCode: 422, detail: expect.stringContaining('line 2'), errors: [{ path: 'body.file', line: 2 }] });
    expect(() => assertNestingWithin('a: [1]', { format: 'yaml' })).not.toThrow();
    expect(MAX_NESTING_DEPTH).toBe(32);
  });
});

describe('entry cap (issue 29, item 4)', () => {
  const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}: v`).join('\n');
  const items = (n: number) => `xs:\n${Array.from({ length: n }, (_, i) => `- v${i}`).join('\n')}`;

  it('counts block keys, list items and flow entries, and names the line where the cap is passed', () => {
    expect(findExcessNesting(keys(100), { format: 'yaml', maxEntries: 100 })).toBeNull();
    expect(findExcessNesting(keys(101), { format: 'yaml', maxEntries: 100 })).toMatchObject({ line: 101, entries: 101, maxEntries: 100 });
    // `xs:` is one entry, then each item.
    expect(findExcessNesting(items(99), { format: 'yaml', maxEntries: 100 })).toBeNull();
    expect(findExcessNesting(items(100), { format: 'yaml', maxEntries: 100 })).toMatchObject({ line: 101, maxEntries: 100 });
    const flow = `datasets: [${Array.from({ length: 200 }, (_, i) => `d${i}`).join(', ')}]`;
    expect(findExcessNesting(flow, { format: 'yaml', maxEntries: 100 })).toMatchObject({ line: 1, maxEntries: 100 });
    expect(findExcessNesting(JSON.stringify({ a: Array.from({ length: 200 }, (_, i) => i) }), { format: 'json', maxEntries: 100 })).toMatchObject({ maxEntries: 100 });
    // Without a cap nothing is counted against the text; depth is still measured first.
    expect(findExcessNesting(keys(5000), { format: 'yaml' })).toBeNull();
    expect(findExcessNesting(`a: ${'['.repeat(40)}`, { format: 'yaml', maxEntries: 1000 })).toMatchObject({ depth: 33, maxDepth: 32 });
    expect(findExcessNesting(`a: ${'['.repeat(40)}`, { format: 'yaml', maxEntries: 1000 })!.maxEntries).toBeUndefined();
  });

  it('never counts fewer entries than the parser sees', () => {
    const samples = [keys(50), items(50), 'a:\n  b: [1, 2, {c: 3, d: [4, 5]}]\n  e:\n  - f: 1\n    g: 2\n  - h\n', '{"a": [1, 2, 3], "b": {"c": 1, "d": 2}}'];
    const count = (value: unknown): number =>
      value === null || typeof value !== 'object' ? 0 : (Array.isArray(value) ? value : Object.values(value)).reduce((n: number, v) => n + 1 + count(v), 0);
    for (const sample of samples) {
      const total = count(parseDocument(sample).toJS());
      expect(findExcessNesting(sample, { format: 'yaml', maxEntries: total - 1 }), sample).not.toBeNull();
    }
  });

  it('refuses with a 422 naming the limit and the line', () => {
    let error: unknown;
    try {
      assertNestingWithin(keys(20), { format: 'yaml', maxEntries: 10, path: 'body.file' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 422, code: 'too_many_entries', errors: [{ path: 'body.file', line: 11 }] });
    expect((error as AppError).detail).toContain('more than 10 keys and list items (line 11)');
  });

  it('stays linear: 100,000 keys are counted in well under a second', () => {
    const started = performance.now();
    expect(findExcessNesting(keys(100_000), { format: 'yaml', maxEntries: 10_000 })).toMatchObject({ line: 10_001 });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
