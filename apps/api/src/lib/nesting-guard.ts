import { AppError } from './errors';

/**
 * The one nesting guard for every file the product parses (framework templates now; card front matter,
 * JSON or CSV values and extracted text as they come). It measures how deep collections nest with a
 * single linear, non-recursive pass over the raw text, so that no recursive parser or validator ever
 * sees a document deep enough to exhaust the stack: a stack overflow can be caught, but the aborts that
 * come with it (V8 running out of memory while compiling a regular expression on an almost full stack)
 * cannot.
 *
 * Over-counting is acceptable (a strange but valid file is refused with the line to look at); under-
 * counting is not, so every structure the scanner does not recognise is assumed to nest.
 */

/** Deepest nesting accepted by default: a framework template needs about 20 (docs/framework-templates.md). */
export const MAX_NESTING_DEPTH = 32;

export type NestedFormat = 'json' | 'yaml';
/**
 * `maxEntries` (none by default) also caps how many keys and list items the text holds in all: a parser
 * whose cost grows faster than the number of keys (the YAML parser's duplicate-key check compares each key
 * of a mapping with every earlier one) must not see 100,000 of them in a 1 MB file.
 */
export type NestingOptions = { format: NestedFormat; maxDepth?: number; maxEntries?: number };
/**
 * Where the text first goes deeper than allowed: 1-based line, and the depth reached there; or, with
 * `entries` and `maxEntries`, the line where it first holds more keys and list items than allowed.
 */
export type NestingExcess = { line: number; depth: number; maxDepth: number; entries?: number; maxEntries?: number };

/** The first place `text` nests deeper than `maxDepth` (or holds more than `maxEntries` entries), or null; O(length of text), no recursion. */
export function findExcessNesting(text: string, { format, maxDepth = MAX_NESTING_DEPTH, maxEntries = Infinity }: NestingOptions): NestingExcess | null {
  return format === 'json' ? scanJson(text, maxDepth, maxEntries) : scanYaml(text, maxDepth, maxEntries);
}

/** The message a refusal carries, for callers that collect problems instead of throwing. */
export const nestingMessage = (excess: NestingExcess) =>
  excess.maxEntries !== undefined
    ? `holds more than ${excess.maxEntries.toLocaleString('en')} keys and list items (line ${excess.line}); split the document`
    : `is nested more than ${excess.maxDepth} levels deep (line ${excess.line}); flatten the document`;

/**
 * Refuses `text` with a 422 naming the line when it nests deeper than `maxDepth` (default
 * MAX_NESTING_DEPTH). `path` names the input in the answer (`body.file`, `front_matter`…).
 */
export function assertNestingWithin(text: string, options: NestingOptions & { path?: string }): void {
  const excess = findExcessNesting(text, options);
  if (!excess) return;
  const path = options.path ?? '$';
  const message = nestingMessage(excess);
  throw new AppError(422, `${path}: ${message}`, excess.maxEntries !== undefined ? 'too_many_entries' : 'too_deeply_nested', [{ path, message, line: excess.line }]);
}

function scanJson(text: string, maxDepth: number, maxEntries: number): NestingExcess | null {
  let depth = 0;
  let line = 1;
  // Entries: each collection opened and each comma between entries (over-counts an empty collection by one).
  let entries = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    if (inString) {
      if (c === 92) i++; // the escaped character cannot end the string
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123 || c === 44) {
      if (c !== 44 && ++depth > maxDepth) return { line, depth, maxDepth };
      if (++entries > maxEntries) return { line, depth, maxDepth, entries, maxEntries };
    } else if ((c === 93 || c === 125) && depth > 0) depth--;
  }
  return null;
}

type Collection = { column: number; kind: 'seq' | 'map' };

/**
 * YAML: block collections are tracked by the column their entries start at (`- ` for a sequence, `key:`
 * for a mapping, several on one line when written compactly); flow collections (`[`, `{`) add to the
 * block depth they open in and may span lines. Quoted scalars (which may span lines), block scalars
 * (`|`, `>`) and comments are skipped, so brackets inside them do not count.
 */
function scanYaml(text: string, maxDepth: number, maxEntries: number): NestingExcess | null {
  const stack: Collection[] = [];
  // Keys and list items: each block entry (`key:`, `- `, `? `), and in flow each collection opened and each comma.
  let entries = 0;
  let tooMany = false;
  let flowDepth = 0;
  let quote: 0 | 34 | 39 = 0; // inside a quoted scalar that continues on the next line
  let blockScalarParent = -1; // skipping a block scalar's lines indented more than this column
  let lineNumber = 0;
  let start = 0;

  const excess = (): NestingExcess =>
    tooMany ? { line: lineNumber, depth: stack.length + flowDepth, maxDepth, entries, maxEntries } : { line: lineNumber, depth: stack.length + flowDepth, maxDepth };
  const counted = () => {
    tooMany = ++entries > maxEntries;
    return !tooMany;
  };

  /** Scans flow content / a quoted scalar from `i` to the end of the line; returns false when too deep. */
  function scanInline(line: string, i: number): boolean {
    for (; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (quote === 34) {
        if (c === 92) i++;
        else if (c === 34) quote = 0;
        continue;
      }
      if (quote === 39) {
        if (c === 39) {
          if (line.charCodeAt(i + 1) === 39) i++;
          else quote = 0;
        }
        continue;
      }
      if (c === 34 || c === 39) quote = c;
      else if (c === 35 && (i === 0 || line.charCodeAt(i - 1) === 32 || line.charCodeAt(i - 1) === 9)) return true; // comment
      else if (c === 91 || c === 123) {
        flowDepth++;
        if (stack.length + flowDepth > maxDepth || !counted()) return false;
      } else if (c === 44 && flowDepth > 0) {
        if (!counted()) return false;
      } else if ((c === 93 || c === 125) && flowDepth > 0) flowDepth--;
      else if (flowDepth === 0 && c !== 32 && c !== 9) {
        // Outside flow a plain scalar follows (`"a" b` is an error the parser reports); nothing nests in it.
        return true;
      }
    }
    return true;
  }

  function open(column: number, kind: Collection['kind']): boolean {
    if (!counted()) return false;
    while (stack.length && stack[stack.length - 1]!.column > column) stack.pop();
    const top = stack[stack.length - 1];
    if (top && top.column === column) {
      if (top.kind === kind) return true; // a sibling entry of the same collection
      // `key:` followed by `- item` at the key's own column is a sequence inside the mapping;
      // a key after such a sequence closes it.
      if (top.kind === 'seq' && kind === 'map') {
        stack.pop();
        const parent = stack[stack.length - 1];
        if (parent && parent.column === column && parent.kind === 'map') return true;
      }
    }
    stack.push({ column, kind });
    return stack.length <= maxDepth;
  }

  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    start = end + 1;
    lineNumber++;

    if (quote || flowDepth > 0) {
      if (!scanInline(line, 0)) return excess();
      continue;
    }
    let i = 0;
    while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
    if (i === line.length || line.charCodeAt(i) === 35) continue; // blank or comment
    if (blockScalarParent >= 0) {
      if (i > blockScalarParent) continue;
      blockScalarParent = -1;
    }
    if (i === 0 && (line.startsWith('---') || line.startsWith('...') || line.charCodeAt(0) === 37)) {
      // Document markers and directives; `--- [` may still open flow content.
      if (line.startsWith('---')) i = 3;
      else continue;
      while (i < line.length && line.charCodeAt(i) === 32) i++;
      if (!scanInline(line, i)) return excess();
      continue;
    }

    let owner = -1; // column of the last collection entry on this line (a block scalar's lines go deeper)
    // Sequence entries and explicit keys, possibly several on one line (`- - - a`).
    for (;;) {
      const c = line.charCodeAt(i);
      const next = line.charCodeAt(i + 1);
      if ((c === 45 || c === 63) && (i + 1 === line.length || next === 32 || next === 9)) {
        if (!open(i, c === 45 ? 'seq' : 'map')) return excess();
        owner = i;
        i++;
        while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
        if (i === line.length) break;
        continue;
      }
      break;
    }
    if (i === line.length) continue;

    // A mapping key (plain or quoted) at column i, then its value.
    const keyEnd = keyColonAt(line, i);
    if (keyEnd >= 0) {
      if (!open(i, 'map')) return excess();
      owner = i;
      i = keyEnd + 1;
      while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
    } else if (owner === -1) {
      // A scalar line: a continuation of a plain scalar, or a root scalar. It opens nothing, but
      // closes deeper collections as a key at its column would.
      while (stack.length && stack[stack.length - 1]!.column > i) stack.pop();
    }
    // Anchors and tags before the value (`&a !!seq [`).
    while (i < line.length && (line.charCodeAt(i) === 38 || line.charCodeAt(i) === 33)) {
      while (i < line.length && line.charCodeAt(i) !== 32 && line.charCodeAt(i) !== 9) i++;
      while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
    }
    if (i === line.length) continue;
    const c = line.charCodeAt(i);
    if (c === 124 || c === 62) {
      if (/^[|>][0-9+-]*\s*(#.*)?$/.test(line.slice(i))) blockScalarParent = owner === -1 ? stack.length ? stack[stack.length - 1]!.column : -1 : owner;
      continue;
    }
    if (c === 91 || c === 123 || c === 34 || c === 39) {
      if (!scanInline(line, i)) return excess();
    }
  }
  return null;
}

/**
 * The index of the `:` ending a mapping key that starts at `i`, or -1. A plain key ends at the first
 * `: ` (or `:` at the end of the line) before any comment; a quoted key at its closing quote.
 */
function keyColonAt(line: string, i: number): number {
  const c = line.charCodeAt(i);
  if (c === 34 || c === 39) {
    let j = i + 1;
    for (; j < line.length; j++) {
      const d = line.charCodeAt(j);
      if (c === 34 && d === 92) j++;
      else if (d === c) {
        if (c === 39 && line.charCodeAt(j + 1) === 39) j++;
        else break;
      }
    }
    if (j >= line.length) return -1;
    j++;
    while (j < line.length && line.charCodeAt(j) === 32) j++;
    return line.charCodeAt(j) === 58 && isSeparator(line, j + 1) ? j : -1;
  }
  if (c === 91 || c === 123) return -1; // a flow collection (as a key it is nested anyway)
  for (let j = i; j < line.length; j++) {
    const d = line.charCodeAt(j);
    if (d === 35 && (line.charCodeAt(j - 1) === 32 || line.charCodeAt(j - 1) === 9)) return -1;
    if (d === 58 && isSeparator(line, j + 1)) return j;
  }
  return -1;
}

const isSeparator = (line: string, j: number) => j >= line.length || line.charCodeAt(j) === 32 || line.charCodeAt(j) === 9;
