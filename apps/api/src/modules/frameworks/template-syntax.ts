import { isAlias, isMap, isSeq, LineCounter, parseDocument, visit, type Document } from 'yaml';

/**
 * Bytes → text → plain value, for template uploads. Every failure becomes a problem with a line number
 * where one exists; nothing here throws on hostile input (bad encodings, syntax errors, alias bombs,
 * nesting deep enough to exhaust the stack).
 */

export type SyntaxProblem = { message: string; line?: number };
export type TemplateFormat = 'json' | 'yaml';
export type ParsedText = { value: unknown; lineOf: (path: readonly PropertyKey[]) => number | undefined };

/** Decodes strict UTF-8 (a BOM is dropped) and refuses NUL bytes, which no text template needs. */
export function decodeTemplateText(bytes: Uint8Array): { text: string } | { problem: SyntaxProblem } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problem: { message: 'the file is not valid UTF-8 text' } };
  }
  const nul = text.indexOf('\u0000');
  if (nul >= 0) return { problem: { message: 'the file contains a NUL character', line: lineAt(text, nul) } };
  return { text };
}

/** By file extension, then content type, then the first character (JSON starts with { or [). */
export function detectFormat(text: string, filename?: string, contentType?: string): TemplateFormat {
  const name = filename?.toLowerCase() ?? '';
  if (name.endsWith('.json')) return 'json';
  if (name.endsWith('.yaml') || name.endsWith('.yml')) return 'yaml';
  const type = contentType?.toLowerCase() ?? '';
  if (type.includes('json')) return 'json';
  if (type.includes('yaml')) return 'yaml';
  return /^\s*[{[]/.test(text) ? 'json' : 'yaml';
}

export function parseTemplateText(text: string, format: TemplateFormat): { parsed: ParsedText } | { problems: SyntaxProblem[] } {
  try {
    return format === 'json' ? parseJson(text) : parseYaml(text);
  } catch (error) {
    // Deep nesting exhausts the YAML composer's recursion; the message is the only useful thing to say.
    if (error instanceof RangeError) return { problems: [{ message: 'the file is nested too deeply' }] };
    return { problems: [{ message: `the file could not be read: ${error instanceof Error ? error.message : String(error)}` }] };
  }
}

function parseJson(text: string): { parsed: ParsedText } | { problems: SyntaxProblem[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8's messages do not always carry a position, so find the offending character ourselves.
    const offset = jsonErrorOffset(text);
    const at = offset >= 0 ? offset : undefined;
    const detail = error instanceof SyntaxError ? error.message.replace(/\s+/g, ' ').slice(0, 200) : 'invalid JSON';
    return { problems: [{ message: `JSON syntax error: ${detail}`, line: at === undefined ? undefined : lineAt(text, at) }] };
  }
  // Lines for later problems come from a YAML reading of the same text (JSON is YAML), built only if asked.
  let lines: ((path: readonly PropertyKey[]) => number | undefined) | undefined;
  return {
    parsed: {
      value,
      lineOf: (path) => {
        if (!lines) {
          try {
            const counter = new LineCounter();
            const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: false });
            lines = doc.errors.length ? () => undefined : lineFinder(doc, counter);
          } catch {
            lines = () => undefined;
          }
        }
        return lines(path);
      },
    },
  };
}

function parseYaml(text: string): { parsed: ParsedText } | { problems: SyntaxProblem[] } {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true, strict: true, prettyErrors: true, schema: 'core', merge: false });
  const problems = dedupe(
    [...doc.errors, ...doc.warnings].map((e) => ({
      message: /call stack/i.test(e.message)
        ? 'the file is nested too deeply'
        : e.code === 'MULTIPLE_DOCS'
          ? 'YAML syntax error: the file holds several documents; a template is one document'
          : `YAML syntax error: ${e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
      line: e.linePos?.[0]?.line,
    })),
  );
  if (problems.length) return { problems: problems.slice(0, 20) };
  // Aliases are refused outright: a template has no use for them and they are how "billion laughs" works.
  visit(doc, {
    Alias(_, node) {
      const start = node.range?.[0];
      problems.push({ message: `YAML aliases (*${node.source}) are not allowed`, line: start === undefined ? undefined : counter.linePos(start).line });
      return problems.length >= 20 ? visit.BREAK : undefined;
    },
  });
  if (problems.length) return { problems };
  return { parsed: { value: doc.toJS({ maxAliasCount: 0 }), lineOf: lineFinder(doc, counter) } };
}

function lineFinder(doc: Document, counter: LineCounter) {
  return (path: readonly PropertyKey[]): number | undefined => {
    // Walk down as far as the path exists, so a missing field points at its parent object.
    let node: unknown = doc.contents;
    let line: number | undefined;
    for (let depth = 0; depth <= path.length; depth++) {
      const start = (node as { range?: [number, number, number] } | null)?.range?.[0];
      if (start !== undefined) line = counter.linePos(start).line;
      if (depth === path.length) break;
      const key = path[depth];
      if (isMap(node)) node = node.get(String(key), true);
      else if (isSeq(node) && typeof key === 'number') node = node.get(key, true);
      else break;
      if (isAlias(node) || node === undefined) break;
    }
    return line;
  };
}

function dedupe(problems: SyntaxProblem[]): SyntaxProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.line}:${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

const LITERALS = ['true', 'false', 'null'];
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Offset of the first character that makes `text` invalid JSON, or -1; iterative, so depth is no risk. */
export function jsonErrorOffset(text: string): number {
  const stack: string[] = [];
  let i = 0;
  let expect: 'value' | 'valueOrEnd' | 'key' | 'keyOrEnd' | 'colon' | 'next' = 'value';
  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
    if (i >= text.length) return expect === 'next' && stack.length === 0 ? -1 : i;
    const c = text.charAt(i);
    if (expect === 'value' || expect === 'valueOrEnd') {
      if (c === ']' && expect === 'valueOrEnd') {
        stack.pop();
        i++;
        expect = 'next';
      } else if (c === '{' || c === '[') {
        stack.push(c);
        i++;
        expect = c === '{' ? 'keyOrEnd' : 'valueOrEnd';
      } else if (c === '"') {
        i = scanString(text, i);
        if (i < 0) return -i - 1;
        expect = 'next';
      } else {
        const literal = LITERALS.find((l) => text.startsWith(l, i));
        NUMBER.lastIndex = i;
        if (literal) i += literal.length;
        else if (NUMBER.test(text)) i = NUMBER.lastIndex;
        else return i;
        expect = 'next';
      }
    } else if (expect === 'key' || expect === 'keyOrEnd') {
      if (c === '}' && expect === 'keyOrEnd') {
        stack.pop();
        i++;
        expect = 'next';
      } else if (c === '"') {
        i = scanString(text, i);
        if (i < 0) return -i - 1;
        expect = 'colon';
      } else return i;
    } else if (expect === 'colon') {
      if (c !== ':') return i;
      i++;
      expect = 'value';
    } else {
      const top = stack[stack.length - 1];
      if (top === undefined) return i;
      if (c === ',') expect = top === '{' ? 'key' : 'value';
      else if ((c === '}' && top === '{') || (c === ']' && top === '[')) stack.pop();
      else return i;
      i++;
    }
  }
}

/** End of the string starting at `start`, or -(offset of the error) - 1. */
function scanString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34) return i + 1;
    if (code < 0x20) return -i - 1;
    if (code === 92) {
      const next = text.charAt(i + 1);
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return -i - 1;
        i += 5;
      } else if ('"\\/bfnrt'.includes(next) && next !== '') i++;
      else return -i - 1;
    }
  }
  return -text.length - 1;
}
