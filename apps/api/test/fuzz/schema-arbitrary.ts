import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of /api/openapi.json (OpenAPI 3.0: `nullable`, `$ref` into
 * `components`), for the subset the document uses: type, format uuid / date / date-time / email, pattern,
 * enum, min/max length, minimum/maximum, arrays with min/max items, objects with required and
 * additionalProperties, anyOf / oneOf / allOf. `valid` draws values the schema accepts; `invalid` draws
 * values meant to break it (wrong types, missing required fields, out-of-range numbers, oversized strings,
 * bad uuids, unknown enum values). Whether a drawn request really breaks its schema is decided by ajv
 * (request-schemas.ts), not here: an `invalid` draw inside an anyOf may well be valid.
 */

export type Schema = Record<string, unknown>;

/**
 * Real values for a field, by its name (`project_id`, `reviewers`, `control_codes`…): the fuzzer's pools of
 * ids seen in the answers of both organizations. Undefined when it has none for that name.
 */
export type Picker = (key: string | undefined, schema: Schema) => fc.Arbitrary<unknown> | undefined;

/** Deeper than this, a recursive schema takes its branches without `$ref` (or the shortest arrays). */
const MAX_DEPTH = 4;
/** Longest string drawn for a field without a tighter bound; the bound itself is drawn separately. */
const LONG = 40;
/** Well-formed text that is still awkward: quotes, LIKE wildcards, SQL, markup, RTL, emoji, combining marks. */
export const AWKWARD_TEXT = [
  "O'Brien",
  '%',
  '_',
  '\\',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '../../etc/passwd',
  'ñandú Ørsted İstanbul',
  'שלום עולם',
  '😀👩🏽‍💻',
  'e\u0301',
  '\u2028\u2029',
  ' leading and trailing ',
  'null',
  'undefined',
  '0',
  '-1',
  'NaN',
];
/** Ids that are not ids, for uuid-typed fields. */
export const BAD_UUIDS = [
  'not-a-uuid',
  '12345',
  '00000000-0000-0000-0000-00000000000',
  '00000000-0000-0000-0000-0000000000000',
  'zzzzzzzz-zzzz-4zzz-8zzz-zzzzzzzzzzzz',
  '3fa85f64-5717-0562-b3fc-2c963f66afa6',
  '{3fa85f64-5717-4562-b3fc-2c963f66afa6}',
  '3fa85f645717-4562-b3fc-2c963f66afa6',
];

export class SchemaArbitraries {
  constructor(
    private readonly document: unknown,
    private readonly pick: Picker = () => undefined,
  ) {}

  /** Follows `$ref`s into the document until a schema with content. */
  resolve(schema: Schema): Schema {
    let current = schema;
    for (let hops = 0; typeof current.$ref === 'string'; hops++) {
      if (hops > 20) throw new Error(`$ref cycle at ${String(current.$ref)}`);
      current = this.lookup(current.$ref);
    }
    return current;
  }

  private lookup(ref: string): Schema {
    if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported: ${ref}`);
    let node: unknown = this.document;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      node = (node as Record<string, unknown> | undefined)?.[key];
    }
    if (!node || typeof node !== 'object') throw new Error(`Dangling $ref ${ref}`);
    return node as Schema;
  }

  /** Whether a schema refers to another (directly or in its branches): recursion candidates. */
  private hasRef(schema: Schema): boolean {
    return JSON.stringify(schema).includes('"$ref"');
  }

  valid(schema: Schema, key?: string, depth = 0): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    if (s.nullable === true) {
      const { nullable: _nullable, ...rest } = s;
      return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 6, arbitrary: this.valid(rest, key, depth) });
    }
    const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
    if (branches) {
      const usable = depth >= MAX_DEPTH && branches.some((b) => !this.hasRef(b)) ? branches.filter((b) => !this.hasRef(b)) : branches;
      return fc.oneof(...usable.map((b) => this.valid({ ...without(s, 'anyOf', 'oneOf'), ...this.resolve(b) }, key, depth + 1)));
    }
    if (Array.isArray(s.allOf)) return this.valid(this.mergeAll(s), key, depth + 1);
    if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
    const generated = this.generated(s, key, depth);
    // Real values are texts (ids, codes): an array or a flag named like a pool still gets its own kind.
    const picked = typeOf(s) === 'string' ? this.pick(key, s) : undefined;
    return picked ? fc.oneof({ weight: 9, arbitrary: picked }, { weight: 1, arbitrary: generated }) : generated;
  }

  private mergeAll(s: Schema): Schema {
    const parts = (s.allOf as Schema[]).map((p) => this.resolve(p));
    const merged: Schema = without(s, 'allOf');
    for (const part of parts) {
      for (const [k, v] of Object.entries(part)) {
        if (k === 'properties') merged.properties = { ...(merged.properties as Schema | undefined), ...(v as Schema) };
        else if (k === 'required') merged.required = [...((merged.required as string[] | undefined) ?? []), ...(v as string[])];
        else merged[k] = v;
      }
    }
    return merged;
  }

  private generated(s: Schema, key: string | undefined, depth: number): fc.Arbitrary<unknown> {
    switch (typeOf(s)) {
      case 'string':
        return validString(s);
      case 'integer':
        return validInteger(s);
      case 'number':
        return fc.double({ noNaN: true, noDefaultInfinity: true, min: num(s.minimum, -1e9), max: num(s.maximum, 1e9) });
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const minLength = num(s.minItems, 0);
        const cap = depth >= MAX_DEPTH ? minLength : Math.max(minLength, 4);
        const items = s.items ? this.valid(s.items as Schema, key, depth + 1) : fc.jsonValue({ maxDepth: 1 });
        return fc.array(items, { minLength, maxLength: Math.min(num(s.maxItems, cap), cap) });
      }
      case 'object':
        return this.validObject(s, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private validObject(s: Schema, depth: number): fc.Arbitrary<unknown> {
    const properties = (s.properties ?? {}) as Record<string, Schema>;
    const required = new Set((s.required as string[] | undefined) ?? []);
    const names = Object.keys(properties);
    if (names.length === 0) {
      if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        return fc.dictionary(fc.stringMatching(/^[a-z][a-z_]{0,15}$/), this.valid(s.additionalProperties as Schema, undefined, depth + 1), { maxKeys: 3 });
      }
      return fc.constant({});
    }
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const name of names) model[name] = this.valid(properties[name]!, name, depth + 1);
    return fc.record(model, { requiredKeys: names.filter((n) => required.has(n)) });
  }

  /** A value the schema should refuse (or, inside an anyOf, one that may still pass). */
  invalid(schema: Schema, key?: string, depth = 0): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const options: fc.Arbitrary<unknown>[] = [];
    const wrongTypes = [42, -1.5, 'text', true, [], {}, null].filter((v) => !accepts(s, v));
    if (wrongTypes.length) options.push(fc.constantFrom(...wrongTypes));
    const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
    if (branches) {
      const usable = branches.filter((b) => depth < MAX_DEPTH || !this.hasRef(b));
      if (usable.length) options.push(fc.oneof(...usable.map((b) => this.invalid(b, key, depth + 1))));
      return fc.oneof(...options);
    }
    if (Array.isArray(s.allOf)) return this.invalid(this.mergeAll(s), key, depth + 1);
    if (Array.isArray(s.enum)) {
      options.push(fc.constantFrom('not_a_listed_value', '', String(s.enum[0]).toUpperCase() + '_X'));
      return fc.oneof(...options);
    }
    switch (typeOf(s)) {
      case 'string':
        options.push(invalidString(s));
        break;
      case 'integer':
      case 'number':
        options.push(invalidNumber(s));
        break;
      case 'array': {
        const items = s.items as Schema | undefined;
        if (items && depth < MAX_DEPTH) options.push(fc.tuple(this.valid(without(s, 'nullable'), key, depth), this.invalid(items, key, depth + 1)).map(([list, bad]) => [...(list as unknown[]), bad]));
        if (typeof s.maxItems === 'number' && items) options.push(fc.array(this.valid(items, key, depth + 1), { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 }));
        if (typeof s.minItems === 'number' && s.minItems > 0) options.push(fc.constant([]));
        break;
      }
      case 'object':
        options.push(...this.invalidObject(s, depth));
        break;
    }
    return fc.oneof(...options);
  }

  private invalidObject(s: Schema, depth: number): fc.Arbitrary<unknown>[] {
    const properties = (s.properties ?? {}) as Record<string, Schema>;
    const required = (s.required as string[] | undefined) ?? [];
    const valid = this.valid(s, undefined, depth) as fc.Arbitrary<Record<string, unknown>>;
    const options: fc.Arbitrary<unknown>[] = [];
    if (required.length) {
      options.push(
        fc.tuple(valid, fc.constantFrom(...required)).map(([value, missing]) => {
          const copy = { ...value };
          delete copy[missing];
          return copy;
        }),
      );
    }
    if (s.additionalProperties === false) options.push(valid.map((value) => ({ ...value, unexpected_field: 'x' })));
    const names = Object.keys(properties);
    if (names.length && depth < MAX_DEPTH) {
      options.push(
        fc
          .constantFrom(...names)
          .chain((name) => fc.tuple(valid, fc.constant(name), this.invalid(properties[name]!, name, depth + 1)))
          .map(([value, name, bad]) => ({ ...value, [name]: bad })),
      );
    }
    return options;
  }
}

function without(s: Schema, ...keys: string[]): Schema {
  const copy = { ...s };
  for (const k of keys) delete copy[k];
  return copy;
}

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

function typeOf(s: Schema): string | undefined {
  if (typeof s.type === 'string') return s.type;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

/** Whether a value is of a type the schema allows (its type, null when nullable, anything when untyped). */
function accepts(s: Schema, value: unknown): boolean {
  if (value === null) return s.nullable === true || typeOf(s) === undefined;
  const type = typeOf(s);
  if (!type) return true;
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number';
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return typeof value === 'object' && !Array.isArray(value);
  return typeof value === type;
}

function lengthFits(s: Schema) {
  const min = num(s.minLength, 0);
  const max = num(s.maxLength, Infinity);
  return (text: string) => text.length >= min && text.length <= max;
}

function validString(s: Schema): fc.Arbitrary<string> {
  const fits = lengthFits(s);
  switch (s.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return isoDate.map((d) => d.toISOString());
    case 'date':
      return isoDate.map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc
        .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,15}[a-z0-9]$/), fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/))
        .map(([local, domain]) => `${local.replace(/\.{2,}/g, '.')}@${domain}.test`)
        .filter(fits);
  }
  if (typeof s.pattern === 'string') {
    const matching = patternArbitrary(s.pattern);
    if (matching) return matching.filter(fits);
  }
  const min = num(s.minLength, 0);
  const max = Math.min(num(s.maxLength, Infinity), Math.max(min, LONG));
  const options: fc.Arbitrary<string>[] = [
    fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
    fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: max }),
  ];
  const awkward = AWKWARD_TEXT.filter(fits);
  if (awkward.length) options.push(fc.constantFrom(...awkward));
  // The longest value the schema allows, to find columns narrower than the contract.
  if (typeof s.maxLength === 'number' && s.maxLength <= 100_000) options.push(fc.constant('x'.repeat(s.maxLength)));
  return fc.oneof(...options);
}

const isoDate = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });

const patterns = new Map<string, fc.Arbitrary<string> | undefined>();
function patternArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  if (!patterns.has(pattern)) {
    let arbitrary: fc.Arbitrary<string> | undefined;
    try {
      arbitrary = fc.stringMatching(new RegExp(pattern), { size: 'small' });
      fc.sample(arbitrary, { numRuns: 1, seed: 1 });
    } catch {
      // fast-check's regex support has limits (lookarounds): fall back to plain strings, which ajv then judges.
      arbitrary = undefined;
    }
    patterns.set(pattern, arbitrary);
  }
  return patterns.get(pattern);
}

function validInteger(s: Schema): fc.Arbitrary<number> {
  const min = num(s.minimum, -(2 ** 31));
  const max = num(s.maximum, 2 ** 31);
  const low = Math.max(min, -1000);
  const high = Math.min(max, Math.max(low, 1000));
  return fc.oneof({ weight: 8, arbitrary: fc.integer({ min: low, max: high }) }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
}

function invalidString(s: Schema): fc.Arbitrary<unknown> {
  const options: unknown[] = [];
  if (typeof s.maxLength === 'number') options.push('x'.repeat(s.maxLength + 1));
  if (num(s.minLength, 0) > 0) options.push('');
  // Far beyond any field: the body limit and the columns must hold, not the server.
  options.push('y'.repeat(70_000));
  if (s.format === 'uuid') options.push(...BAD_UUIDS);
  if (s.format === 'date-time') options.push('yesterday', '2024-13-45T99:99:99Z', '2024-02-30T10:00:00Z', '10000-01-01T00:00:00Z');
  if (s.format === 'date') options.push('2024-02-30', '31/12/2024', '0000-00-00', '+275760-09-13');
  if (s.format === 'email') options.push('no-at-sign', '@example.test', 'a@b', 'a b@example.test');
  if (typeof s.pattern === 'string') options.push('!!! not matching !!!', ' ');
  return fc.constantFrom(...options);
}

function invalidNumber(s: Schema): fc.Arbitrary<unknown> {
  const options: unknown[] = [1e300, -1e300];
  if (typeOf(s) === 'integer') options.push(1.5, 2 ** 53 + 2);
  if (typeof s.minimum === 'number' && s.minimum > -Number.MAX_SAFE_INTEGER) options.push(s.minimum - 1);
  if (typeof s.maximum === 'number' && s.maximum < Number.MAX_SAFE_INTEGER) options.push(s.maximum + 1);
  return fc.constantFrom(...options);
}
