import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

type Problem = { path: string; message: string };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_DEPTH = 32;
const MAX_PROBLEMS = 20;

function problemOf(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it holds a lone surrogate)';
  return undefined;
}

/** Every string (and key) of a parsed request part that is not text PostgreSQL can store, by path. */
export function unsafeText(value: unknown, path: string, problems: Problem[] = [], depth = 0): Problem[] {
  if (problems.length >= MAX_PROBLEMS || depth > MAX_DEPTH) return problems;
  if (typeof value === 'string') {
    const message = problemOf(value);
    if (message) problems.push({ path, message });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unsafeText(item, `${path}[${index}]`, problems, depth + 1));
  } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = problemOf(key);
      if (keyProblem) problems.push({ path: `${path} key`, message: keyProblem });
      unsafeText(item, `${path}.${key}`, problems, depth + 1);
    }
  }
  return problems;
}

function refuse(problems: Problem[]) {
  const first = problems[0];
  if (first) throw new AppError(422, `${first.path}: ${first.message}`, 'unprocessable_content', problems);
}

/**
 * PostgreSQL text cannot hold NUL, and a lone surrogate is not text at all: refuse both in every path
 * parameter, query and body with a 422 naming the field, before any schema, handler or query sees them.
 */
export default fp(async function textGuard(app: FastifyInstance) {
  // Paths and queries before anything else (the auth check reads ids from them), bodies once parsed.
  app.addHook('onRequest', async (request: FastifyRequest) => refuse([...unsafeText(request.params, 'params'), ...unsafeText(request.query, 'query')]));
  app.addHook('preValidation', async (request: FastifyRequest) => refuse(unsafeText(request.body, 'body')));
});
