import fc from 'fast-check';
import type { Picker, Schema } from './schema-arbitrary';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Names of values worth remembering besides `*_id` and `*_code`: what path parameters are called. */
const NAMED = new Set(['concept', 'object_type', 'token']);
/** Every uuid seen, whatever it was called: the fallback for parameters with no pool of their own. */
const ANY_ID = '*uuid';

/** `reviewers` → `reviewer`, `user_ids` → `user_id`, `platform-frameworks` → `framework`, `controls_with_evidences` → `control`, `evidence_list` → `evidence`. */
export function singular(word: string): string {
  const last = word.replace(/_with_\w+$|_list$/, '').split(/[-_]/).pop() ?? word;
  if (word.endsWith('_ids') || word.endsWith('_codes')) return word.slice(0, -1);
  if (last.endsWith('ies')) return `${last.slice(0, -3)}y`;
  if (last.endsWith('sses')) return last.slice(0, -2);
  if (last.endsWith('s')) return last.slice(0, -1);
  return last;
}

/** Other names a value goes by: a review concept is named as activity entries name the object's type. */
const ALIASES: Record<string, string[]> = { concept: ['object_type'] };

/** The names a field's values may be drawn from: `project_id` itself, `reviewers` → `reviewer_id`… */
function namesFor(key: string): string[] {
  if (/_(id|code)s?$/.test(key) || NAMED.has(key)) return [key.replace(/s$/, ''), ...(ALIASES[key] ?? [])];
  const one = singular(key);
  return [`${one}_id`, `${one}_code`, one];
}

/**
 * Values seen in the answers of one organization, by the name they were found under: `project_id`,
 * `control_code`… An object's own `id` or `code` is named after its collection (`items` of
 * `/organizations/{id}/tags` → `tag_id`; `reviewers: [{ id }]` → `reviewer_id`). New operations feed
 * these pools as they answer, so their ids are tried without the fuzzer being edited.
 */
export class Pool {
  readonly values = new Map<string, Set<string>>();

  add(name: string, value: string) {
    if (!value || value.length > 200) return;
    let set = this.values.get(name);
    if (!set) this.values.set(name, (set = new Set()));
    set.add(value);
    if (UUID.test(value)) {
      let any = this.values.get(ANY_ID);
      if (!any) this.values.set(ANY_ID, (any = new Set()));
      any.add(value);
    }
  }

  get(name: string): string[] {
    return [...(this.values.get(name) ?? [])];
  }

  /** Remembers the ids and codes of an answer of `path` (the document's template). */
  harvest(path: string, body: unknown) {
    const collection = path.split('/').filter((s) => s && !s.startsWith('{')).pop() ?? 'item';
    this.walk(body, collection, 0);
  }

  private walk(value: unknown, collection: string, depth: number) {
    if (depth > 12 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 300)) {
        if (typeof item === 'string') this.add(`${singular(collection)}_${UUID.test(item) ? 'id' : 'code'}`, item);
        else this.walk(item, collection, depth + 1);
      }
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      if (UUID.test(key)) {
        // A map keyed by ids (rights by project): the key is an id, the value belongs to the collection.
        this.add(ANY_ID, key);
        this.walk(item, collection, depth + 1);
      } else if (typeof item === 'string') {
        if (key === 'id' || key === 'code') this.add(`${singular(collection)}_${key}`, item);
        else if (/_(id|code)$/.test(key) || NAMED.has(key)) this.add(key, item);
        else if (UUID.test(item)) this.add(ANY_ID, item);
      } else if (item && typeof item === 'object') {
        this.walk(item, ['items', 'data', 'results'].includes(key) ? collection : key, depth + 1);
      }
    }
  }

  /**
   * Real values for a field: its own pool by name, else (for uuids, or when asked) every id this pool has
   * seen — those that fit the field's format and pattern, so that a real id is not refused for its shape.
   */
  valuesFor(key: string | undefined, schema: Schema, anyIdFallback = schema.format === 'uuid'): string[] {
    const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern) : undefined;
    const fits = (v: string) => (schema.format !== 'uuid' || UUID.test(v)) && (!pattern || pattern.test(v)) && v.length <= ((schema.maxLength as number | undefined) ?? Infinity);
    if (key) {
      for (const name of namesFor(key)) {
        const found = this.get(name).filter(fits);
        if (found.length) return found;
      }
    }
    return anyIdFallback ? this.get(ANY_ID).filter(fits) : [];
  }
}

/**
 * Draws a field's value from the own organization's pool, the foreign one's, or a fresh uuid — how a
 * request gets to carry another organization's ids. Returns undefined when neither pool knows the name.
 */
export function picker(own: Pool, foreign: Pool, weights = { own: 3, foreign: 1 }): Picker {
  return (key: string | undefined, schema: Schema) => {
    const mine = own.valuesFor(key, schema);
    const theirs = foreign.valuesFor(key, schema);
    const options: fc.WeightedArbitrary<unknown>[] = [];
    if (mine.length) options.push({ weight: weights.own, arbitrary: fc.constantFrom(...mine) });
    if (theirs.length) options.push({ weight: weights.foreign, arbitrary: fc.constantFrom(...theirs) });
    if (!options.length) return undefined;
    return fc.oneof(...options);
  };
}
