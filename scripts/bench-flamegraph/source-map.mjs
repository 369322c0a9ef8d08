// Source maps (version 3) read without a dependency: a generated position (0-based line and column, as V8's CPU
// profiles give them) is mapped back to the original file and line, so that frames of the bundled server read
// `apps/api/src/plugins/auth.ts:41` rather than `dist/server.js:12345`.
import fs from 'node:fs';
import path from 'node:path';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** The base-64 VLQ numbers of one mapping segment. */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const c of text) {
    const digit = DIGIT.get(c);
    if (digit === undefined) throw new Error(`source map: bad character ${JSON.stringify(c)}`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Each generated line's segments as [column, source, line, column], sorted by generated column. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  let sourceLine = 0;
  let sourceColumn = 0;
  for (const lineText of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segmentText of lineText.split(',')) {
      if (!segmentText) continue;
      const [dColumn, dSource, dLine, dSourceColumn] = decodeSegment(segmentText);
      column += dColumn;
      if (dSource === undefined) continue;
      source += dSource;
      sourceLine += dLine;
      sourceColumn += dSourceColumn;
      segments.push([column, source, sourceLine, sourceColumn]);
    }
    lines.push(segments);
  }
  return lines;
}

/** A lookup from the generated file at `file` (its `.map` beside it) to original absolute paths, or undefined without one. */
export function loadSourceMap(file) {
  const mapFile = `${file}.map`;
  if (!fs.existsSync(mapFile)) return undefined;
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
  const folder = path.resolve(path.dirname(file), map.sourceRoot ?? '');
  const sources = map.sources.map((source) => path.resolve(folder, source));
  const lines = decodeMappings(map.mappings);
  return (line, column) => {
    const segments = lines[line];
    if (!segments?.length) return undefined;
    let low = 0;
    let high = segments.length - 1;
    if (segments[0][0] > column) return undefined;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (segments[middle][0] <= column) low = middle;
      else high = middle - 1;
    }
    const [, source, sourceLine] = segments[low];
    return { source: sources[source], line: sourceLine };
  };
}
