import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Stringify = (data: unknown) => string;

/**
 * Answers are written by serializers compiled once per route and status from their documented schema
 * (fast-json-stringify over the zod schema's JSON Schema), instead of re-checking every answer against the
 * zod schema and then JSON.stringify-ing it: on the hot path the run-time check cost more than the route.
 * The compiled serializer writes only the documented properties, as the zod check did (unknown ones are
 * left out).
 *
 * With `validate` (the tests: config.validateResponses) every answer is still checked against its zod
 * schema first, so an answer that breaks its documented shape fails a test instead of being coerced into
 * it. A schema JSON Schema cannot express (a transform, a custom check) keeps the zod serializer.
 */
export function compiledSerializerCompiler({ validate }: { validate: boolean }): FastifySerializerCompiler<z.ZodType> {
  const checked = createSerializerCompiler({});
  return (route) => {
    const zodSerializer = checked(route) as Stringify;
    const schema = route.schema as unknown;
    if (!(schema instanceof z.ZodType)) return zodSerializer;
    let compiled: Stringify;
    try {
      compiled = fastJson(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw', cycles: 'ref', reused: 'inline' }) as never) as Stringify;
    } catch {
      return zodSerializer;
    }
    if (!validate) return compiled;
    return (data) => {
      zodSerializer(data);
      return compiled(data);
    };
  };
}
