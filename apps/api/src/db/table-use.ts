import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which tables a request's statements read and wrote, noted by the database client (client.ts and
 * pglite-thread.ts call `noteStatement` for every statement they send). The read cache keeps, with each
 * answer, the tables it was read from, and drops it only when one of those changes (issue 31, item 3);
 * a write drops, before its answer goes out, what read the tables it wrote.
 *
 * The names come from the statement's text: whatever follows FROM, JOIN, INTO, UPDATE (and DELETE FROM).
 * A name that is no table (a WITH part, a function) never matches a change, so it costs nothing; a table
 * read without one of these words (a view, a function's body) would be missed — the schema has neither.
 */
export type TableUse = { read: Set<string>; written: Set<string> };

const storage = new AsyncLocalStorage<TableUse>();

type Parsed = { read: readonly string[]; written: readonly string[] };
const parsedTexts = new Map<string, Parsed>();
const MAX_PARSED = 4_000;

const READ = /\b(?:from|join|into|update)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
const WRITTEN = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/** The tables a statement's text names, read (every one) and written; parsed once per distinct text. */
export function tablesOf(text: string): Parsed {
  let parsed = parsedTexts.get(text);
  if (parsed) return parsed;
  const names = (pattern: RegExp) => [...new Set([...text.matchAll(pattern)].map((m) => m[1]!.toLowerCase()))];
  parsed = { read: names(READ), written: names(WRITTEN) };
  if (parsedTexts.size >= MAX_PARSED) parsedTexts.clear();
  parsedTexts.set(text, parsed);
  return parsed;
}

export const tableUse = {
  /** Starts noting for the rest of this asynchronous flow (a request, from its first hook on). */
  start(): TableUse {
    const use: TableUse = { read: new Set(), written: new Set() };
    storage.enterWith(use);
    return use;
  },
  /** Runs `fn` noting into `use` (tests, jobs). */
  run<T>(use: TableUse, fn: () => T): T {
    return storage.run(use, fn);
  },
  current: (): TableUse | undefined => storage.getStore(),
};

/** Notes a statement about to be sent, for the flow that sends it (nothing outside a noted flow). */
export function noteStatement(text: unknown) {
  const use = storage.getStore();
  if (!use || typeof text !== 'string') return;
  const { read, written } = tablesOf(text);
  for (const name of read) use.read.add(name);
  for (const name of written) use.written.add(name);
}
