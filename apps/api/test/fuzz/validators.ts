import AjvCompiler, { type Ajv, type ErrorObject, type Options } from '@fastify/ajv-compiler';
import type { Schema } from './schema-arbitrary';

type Check = (value: unknown) => string | undefined;

/**
 * ajv 8 (with ajv-formats), built through Fastify's own compiler package, judging requests and answers
 * against /api/openapi.json. Strict: no coercion of bodies, no defaults filled in, no unknown properties
 * removed — an answer with a field its schema does not list fails. Query and path values arrive as text,
 * so they are coerced the way the server reads them.
 */
export class Validators {
  private readonly strict: Ajv;
  private readonly coercing: Ajv;
  private readonly cache = new Map<string, Check>();

  constructor(document: { components?: unknown }) {
    const common = { strict: false, allErrors: true, useDefaults: false, removeAdditional: false, addUsedSchema: false } as const;
    this.strict = ajv({ ...common, coerceTypes: false });
    this.coercing = ajv({ ...common, coerceTypes: 'array' });
    const components = openapiToJsonSchema(document.components);
    for (const instance of [this.strict, this.coercing]) instance.addSchema({ $id: 'openapi', components });
  }

  /** Errors of a JSON value against a schema of the document, or undefined when it is valid. */
  body(schema: Schema, value: unknown): string | undefined {
    return this.compile('strict', schema)(value);
  }

  /** Errors of a path or query value (text, or a list of texts for a repeated key). */
  parameter(schema: Schema, value: string | string[]): string | undefined {
    return this.compile('coercing', schema)(structuredClone(value));
  }

  private readonly byObject = { strict: new WeakMap<Schema, Check>(), coercing: new WeakMap<Schema, Check>() };

  private compile(mode: 'strict' | 'coercing', schema: Schema): Check {
    const known = this.byObject[mode].get(schema);
    if (known) return known;
    const key = `${mode}:${JSON.stringify(schema)}`;
    let check = this.cache.get(key);
    if (!check) {
      const validate = (mode === 'strict' ? this.strict : this.coercing).compile(openapiToJsonSchema(schema) as object);
      check = (value) => {
        // The coercing validator writes coerced values into its input; callers pass copies.
        if (validate(value)) return undefined;
        return (validate.errors ?? []).slice(0, 5).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`).join('; ');
      };
      this.cache.set(key, check);
    }
    this.byObject[mode].set(schema, check);
    return check;
  }
}

function ajv(customOptions: Options): Ajv {
  let instance: Ajv | undefined;
  AjvCompiler()({}, { customOptions, onCreate: (created) => (instance = created) });
  if (!instance) throw new Error('@fastify/ajv-compiler did not create an ajv instance');
  return instance;
}

/**
 * OpenAPI 3.0 schemas as plain JSON Schema: `nullable: true` becomes `anyOf [null, …]` (ajv reads
 * `nullable` only beside `type`), and `$ref`s point into the `openapi` schema that holds the components.
 */
export function openapiToJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openapiToJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = value.startsWith('#/') ? `openapi${value}` : value;
    else if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, openapiToJsonSchema(schema)]));
    } else out[key] = openapiToJsonSchema(value);
  }
  if (out.nullable === true) {
    delete out.nullable;
    return { anyOf: [{ type: 'null' }, out] };
  }
  delete out.nullable;
  return out;
}
