import { isMap, isScalar, LineCounter, parseDocument, stringify, visit } from 'yaml';
import { AppError } from '../../lib/errors';
import { findExcessNesting, nestingMessage } from '../../lib/nesting-guard';
import { unsafeText } from '../../plugins/text-guard';

/**
 * The YAML front matter of a Markdown card: found between a `---` first line and the next `---` (or
 * `...`) line, measured by the one nesting guard before the YAML parser sees it (depth, and at most
 * MAX_FRONT_MATTER_ENTRIES keys and list items), then parsed (YAML 1.2 core schema, unique keys, no
 * aliases). Every refusal is a 422 naming the line of the file.
 */

/**
 * Keys and list items a card's front matter may hold in all. The Hub's largest cards (a dataset's
 * `dataset_info` and `configs` for dozens of configurations) hold a few thousand; 1 MB of YAML could hold
 * 100,000, which the parser takes seconds to read.
 */
export const MAX_FRONT_MATTER_ENTRIES = 10_000;

export type FrontMatter = {
  values: Record<string, unknown>;
  /** The file's line of a top-level key, for refusals that name a field. */
  lineOf: (key: string) => number | undefined;
  body: string;
  /** The file line the body starts on. */
  bodyLine: number;
};

/** A 422 about the uploaded file, naming the line when known. */
export const fileError = (message: string, line?: number, path = 'body.file') =>
  new AppError(422, `${path.replace(/^body\./, '')}: ${message}${line === undefined ? '' : ` (line ${line})`}`, 'unprocessable_content', [{ path, message, ...(line === undefined ? {} : { line }) }]);

const OPEN = /^---[ \t]*$/;
const CLOSE = /^(---|\.\.\.)[ \t]*$/;

/** Splits the text into front matter (its YAML, empty when there is none) and body. */
function split(text: string): { yaml: string | null; body: string; bodyLine: number } {
  const firstEnd = text.indexOf('\n');
  const first = (firstEnd === -1 ? text : text.slice(0, firstEnd)).replace(/\r$/, '');
  if (!OPEN.test(first)) return { yaml: null, body: text, bodyLine: 1 };
  let start = firstEnd + 1;
  let line = 2;
  while (firstEnd !== -1 && start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    if (CLOSE.test(text.slice(start, end).replace(/\r$/, ''))) {
      return { yaml: text.slice(firstEnd + 1, start), body: text.slice(end + 1), bodyLine: line + 1 };
    }
    start = end + 1;
    line++;
  }
  throw fileError('the front matter opened on line 1 is not closed by a --- line', 1);
}

/** Reads the front matter and body of a card; throws a 422 naming the line for anything that is not a mapping of YAML keys. */
export function readFrontMatter(text: string): FrontMatter {
  const { yaml, body, bodyLine } = split(text);
  if (yaml === null || yaml.trim() === '') return { values: {}, lineOf: () => undefined, body, bodyLine };
  // The file's line = the YAML's line + 1 (the opening ---).
  const excess = findExcessNesting(yaml, { format: 'yaml', maxEntries: MAX_FRONT_MATTER_ENTRIES });
  if (excess) throw fileError(`the front matter ${nestingMessage({ ...excess, line: excess.line + 1 }).replace(/ \(line \d+\)/, '')}`, excess.line + 1);
  const counter = new LineCounter();
  let doc;
  try {
    // Unique keys are checked below in one pass: the parser's own check compares each key with every earlier one.
    doc = parseDocument(yaml, { lineCounter: counter, uniqueKeys: false, strict: true, prettyErrors: true, schema: 'core', merge: false });
  } catch (error) {
    throw fileError(error instanceof RangeError ? 'the front matter is nested too deeply' : 'the front matter could not be read');
  }
  const [problem] = doc.errors;
  if (problem) {
    const message = problem.code === 'MULTIPLE_DOCS' ? 'the front matter holds several YAML documents' : problem.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    const line = problem.linePos?.[0]?.line;
    throw fileError(`bad YAML in the front matter: ${message}`, line === undefined ? undefined : line + 1);
  }
  let alias: number | undefined | null = null;
  let duplicate: { key: string; line: number | undefined } | null = null;
  const lineAt = (node: unknown) => {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    return range ? counter.linePos(range[0]).line + 1 : undefined;
  };
  visit(doc, {
    Alias(_, node) {
      alias = lineAt(node);
      return visit.BREAK;
    },
    Map(_, node) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        // Scalar keys by type and value (`1` and `"1"` differ, as YAML says); a collection as a key is never equal to another.
        const key = isScalar(pair.key) ? `${typeof pair.key.value}:${String(pair.key.value)}` : pair.key === null ? 'null:' : undefined;
        if (key === undefined) continue;
        if (seen.has(key)) {
          duplicate = { key: key.slice(key.indexOf(':') + 1), line: lineAt(pair.key) };
          return visit.BREAK;
        }
        seen.add(key);
      }
      return undefined;
    },
  });
  if (alias !== null) throw fileError('YAML aliases (*name) are not allowed in the front matter', alias);
  if (duplicate !== null) {
    const { key, line } = duplicate as { key: string; line: number | undefined };
    throw fileError(`bad YAML in the front matter: Map keys must be unique (${JSON.stringify(key.slice(0, 100))} comes twice)`, line);
  }
  if (doc.contents !== null && !isMap(doc.contents)) throw fileError('the front matter must be YAML keys and values (key: value)', 2);
  const values = (doc.toJS({ maxAliasCount: 0 }) ?? {}) as Record<string, unknown>;
  const contents = doc.contents;
  const lineOf = (key: string) => {
    if (!isMap(contents)) return undefined;
    const pair = contents.items.find((p) => (p.key as { value?: unknown } | null)?.value === key);
    const start = (pair?.key as { range?: [number, number, number] } | null)?.range?.[0];
    return start === undefined ? undefined : counter.linePos(start).line + 1;
  };
  // YAML escapes ("\0", "\ud800") can write what no text column keeps: refused as the text guard refuses them in requests.
  for (const [key, value] of Object.entries(values)) {
    const [unsafe] = [...unsafeText(key, 'a key'), ...unsafeText(value, key)];
    if (unsafe) throw fileError(`the front matter's ${unsafe.path} ${unsafe.message}`, lineOf(key));
  }
  // JSON is what the card keeps: values YAML has and JSON has not (.inf, .nan) become null now, not at the next export.
  return { values: JSON.parse(JSON.stringify(values)) as Record<string, unknown>, lineOf, body, bodyLine };
}

/** Front matter text for a card's Markdown: `---`, the keys in the order given, `---`. */
export function writeFrontMatter(values: Record<string, unknown>): string {
  if (Object.keys(values).length === 0) return '';
  return `---\n${stringify(values, { lineWidth: 0, minContentWidth: 0 })}---\n`;
}
