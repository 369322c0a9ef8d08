import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_VALUES_FILE_BYTES, MAX_VALUES_PER_PUSH, metricValueInput } from '@aegis/contracts';
import { AppError } from '../../lib/errors';
import { openFilePart, rethrowMultipart } from '../../lib/multipart';
import { assertNestingWithin } from '../../lib/nesting-guard';
import { unsafeText } from '../../plugins/text-guard';

/**
 * A values file (`POST …/testing/sources/{id}/values`, multipart part `file`): CSV with the header
 * `metric,value,timestamp` (timestamp optional), or JSON `{"values": [...]}` shaped as a push's values
 * whose `metric_id` (or `metric`) may be the metric's name. Size limit, then the nesting guard, then the
 * parser; every refusal is a 422 naming the line (CSV) or the value's index (JSON).
 */

/** Room for the multipart envelope (boundaries, part headers) around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;
const MAX_PROBLEMS = 20;
const LIMIT = `${MAX_VALUES_FILE_BYTES.toLocaleString('en')} bytes (2 MB)`;
const tooLarge = () => new AppError(413, `The values file is larger than ${LIMIT}: split it`);

type Problem = { path: string; message: string; line?: number };
/** One value of a file: `metric` is the metric's name or id; `at` where a refusal of its metric or time points (CSV line, JSON index). */
export type FileValue = { metric: string; value: number; timestamp: string | undefined; labels: Record<string, unknown> | undefined; at: Omit<Problem, 'message'> };

export const refuse = (problems: Problem[]) => {
  const first = problems[0]!;
  const where = first.line === undefined ? '' : ` (line ${first.line})`;
  return new AppError(422, `${first.path.replace(/^body\./, '')}: ${first.message}${where}${problems.length > 1 ? ` and ${problems.length - 1} more problem(s)` : ''}`, 'unprocessable_content', problems);
};
const fileError = (message: string, line?: number) => refuse([{ path: 'body.file', message, ...(line === undefined ? {} : { line }) }]);
const tooMany = () => fileError(`holds more than ${MAX_VALUES_PER_PUSH.toLocaleString('en')} values: split the file`);

/** The `file` part as UTF-8 text: 415 for another content type, 413 past the limit, 422 when missing, empty or binary. */
export async function readValuesFile(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw new AppError(415, 'Send the values as multipart/form-data with a part named file');
  if (Number(request.headers['content-length']) > MAX_VALUES_FILE_BYTES + ENVELOPE_BYTES) throw tooLarge();
  const part = await openFilePart(request, { fileSize: MAX_VALUES_FILE_BYTES, files: 1 });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw fileError('is required: attach the CSV or JSON values as the part named file');
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    rethrowMultipart(error);
  }
  if (part.file.truncated) throw tooLarge();
  if (bytes.length === 0) throw fileError('is empty');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fileError('is not a text file: send CSV or JSON in UTF-8');
  }
  if (text.includes('\u0000')) throw fileError('is not a text file: send CSV or JSON in UTF-8 (it holds NUL bytes)');
  return text.replace(/^\uFEFF/, '');
}

/** The values of a file's text: JSON when it starts with `{`, CSV otherwise. */
export function parseValuesFile(text: string): FileValue[] {
  return /^\s*\{/.test(text) ? parseJson(text) : parseCsv(text);
}

const lineAt = (text: string, position: number) => {
  let line = 1;
  for (let i = 0; i < position && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
};

const jsonValue = metricValueInput.omit({ metric_id: true }).extend({
  metric_id: z.string().trim().min(1, 'name the metric (its name or id)').max(200).optional(),
  metric: z.string().trim().min(1, 'name the metric (its name or id)').max(200).optional(),
});
const jsonFile = z.strictObject({ values: z.array(z.unknown(), { error: 'must be a list of values' }) });

function parseJson(text: string): FileValue[] {
  // Each value holds a few keys and at most 20 labels: the guard's entry count bounds the parse.
  assertNestingWithin(text, { format: 'json', path: 'body.file', maxEntries: MAX_VALUES_PER_PUSH * 32 });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    throw fileError('is not valid JSON', position === undefined ? undefined : lineAt(text, Number(position)));
  }
  const unsafe = unsafeText(data, 'body.file');
  if (unsafe.length) throw refuse(unsafe);
  const file = jsonFile.safeParse(data);
  if (!file.success) throw fileError('must be {"values": [{"metric": "name or id", "value": 0.93, "timestamp": "…"}]}');
  if (file.data.values.length > MAX_VALUES_PER_PUSH) throw tooMany();
  if (file.data.values.length === 0) throw fileError('holds no values');
  const out: FileValue[] = [];
  const problems: Problem[] = [];
  file.data.values.forEach((item, index) => {
    if (problems.length >= MAX_PROBLEMS) return;
    const parsed = jsonValue.safeParse(item);
    const at = `body.file.values.${index}`;
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 3)) problems.push({ path: [at, ...issue.path].join('.'), message: issue.message });
      return;
    }
    const metric = parsed.data.metric_id ?? parsed.data.metric;
    if (!metric) return void problems.push({ path: `${at}.metric`, message: 'name the metric (its name or id)' });
    out.push({ metric, value: parsed.data.value, timestamp: parsed.data.timestamp, labels: parsed.data.labels, at: { path: `${at}.metric` } });
  });
  if (problems.length) throw refuse(problems);
  return out;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const isoTime = z.iso.datetime({ offset: true });
const HEADER = ['metric', 'value', 'timestamp'];

/** RFC 4180 rows (quoted cells may hold commas, quotes doubled and line breaks), each with the line it starts on. */
function csvRows(text: string): { cells: string[]; line: number }[] {
  const rows: { cells: string[]; line: number }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      if (cells.some((v) => v.trim() !== '')) rows.push({ cells, line: start });
      if (rows.length > MAX_VALUES_PER_PUSH + 1) throw tooMany();
      cells = [];
      cell = '';
      start = ++line;
    } else cell += c;
  }
  if (quoted) throw fileError('has a quoted cell that is never closed', start);
  cells.push(cell);
  if (cells.some((v) => v.trim() !== '')) rows.push({ cells, line: start });
  return rows;
}

function parseCsv(text: string): FileValue[] {
  const [header, ...rows] = csvRows(text);
  const names = header?.cells.map((c) => c.trim().toLowerCase()) ?? [];
  if (!header || names.length < 2 || names.length > 3 || names.some((n, i) => n !== HEADER[i])) {
    throw fileError('must start with the header metric,value,timestamp (timestamp optional), or be JSON {"values": [...]}', header?.line ?? 1);
  }
  if (rows.length > MAX_VALUES_PER_PUSH) throw tooMany();
  if (rows.length === 0) throw fileError('holds no values');
  const out: FileValue[] = [];
  const problems: Problem[] = [];
  const problem = (message: string, line: number) => problems.push({ path: 'body.file', message, line });
  for (const { cells, line } of rows) {
    if (problems.length >= MAX_PROBLEMS) break;
    if (cells.length > names.length) {
      problem(`has ${cells.length} cells where the header has ${names.length}`, line);
      continue;
    }
    const [metric = '', value = '', timestamp = ''] = cells.map((c) => c.trim());
    if (!metric) problem('names no metric', line);
    else if (metric.length > 200) problem('names a metric longer than 200 characters', line);
    const number = Number(value);
    if (!NUMBER.test(value) || !Number.isFinite(number)) problem(`value ${JSON.stringify(value.slice(0, 40))} is not a number`, line);
    if (timestamp && !isoTime.safeParse(timestamp).success) problem(`timestamp ${JSON.stringify(timestamp.slice(0, 40))} must be an ISO 8601 date and time with a time zone`, line);
    out.push({ metric, value: number, timestamp: timestamp || undefined, labels: undefined, at: { path: 'body.file', line } });
  }
  if (problems.length) throw refuse(problems);
  return out;
}
