// Named prepared statements for PGlite (issue 31, item 5), as db/client.ts prepares them on PostgreSQL:
// PGlite's own `query` parses and plans every statement at every call (an unnamed statement), and planning
// was most of the embedded database's time for a control's status change (5.8 ms planning, 0.95 ms
// execution). Each distinct text with parameters is parsed once under a name, described once, then only
// bound and executed, through PGlite's wire protocol (`execProtocol`). Plain JavaScript: the worker
// (pglite-worker.mjs) imports it from the sources and from its bundle.

const encoder = new TextEncoder();
/** Statements kept prepared; past it the least recently used is closed. */
const MAX_PREPARED = 500;

/** One frontend message: its type byte, its length, its body. */
function message(type, parts) {
  const body = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(1 + 4 + body);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + body);
  let at = 5;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
const cstring = (text) => {
  const bytes = encoder.encode(text);
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  return out;
};
const int16 = (n) => {
  const out = new Uint8Array(2);
  new DataView(out.buffer).setInt16(0, n);
  return out;
};
const int32 = (n) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setInt32(0, n);
  return out;
};
const concat = (messages) => {
  const out = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
  let at = 0;
  for (const m of messages) {
    out.set(m, at);
    at += m.length;
  }
  return out;
};

const parse = (name, text) => message('P', [cstring(name), cstring(text), int16(0)]);
const describeStatement = (name) => message('D', [new Uint8Array([83]), cstring(name)]);
const close = (name) => message('C', [new Uint8Array([83]), cstring(name)]);
const sync = () => message('S', []);
const execute = () => message('E', [cstring(''), int32(0)]);
function bind(name, values) {
  const parts = [cstring(''), cstring(name), int16(0), int16(values.length)];
  for (const value of values) {
    if (value === null) parts.push(int32(-1));
    else {
      const bytes = encoder.encode(value);
      parts.push(int32(bytes.length), bytes);
    }
  }
  parts.push(int16(0));
  return message('B', parts);
}

/** The rows of one statement's messages, as PGlite's `query` shapes them (rowMode, parsers, affectedRows). */
function resultOf(messages, fields, parsers, options) {
  const parsersFor = options?.parsers ? { ...parsers, ...options.parsers } : parsers;
  const value = (text, type) => {
    if (text === null) return null;
    const parser = parsersFor[type];
    return parser ? parser(text, type) : text;
  };
  const rows = [];
  let affectedRows = 0;
  let command;
  let rowCount;
  for (const m of messages) {
    if (m.name === 'dataRow') {
      rows.push(options?.rowMode === 'array' ? m.fields.map((f, i) => value(f, fields[i].dataTypeID)) : Object.fromEntries(m.fields.map((f, i) => [fields[i].name, value(f, fields[i].dataTypeID)])));
    } else if (m.name === 'commandComplete') {
      const words = m.text.split(' ');
      command = words[0];
      const n = Number.parseInt(words.at(-1), 10);
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) affectedRows += n;
      if (!Number.isNaN(n)) rowCount = n;
    }
  }
  return { rows, fields, affectedRows, command, ...(rowCount === undefined ? {} : { rowCount }) };
}

/** A statement's errors as PGlite's `query` reports them (with the statement and its values). */
function withQuery(error, text, params) {
  if (error && typeof error === 'object') Object.assign(error, { query: text, params });
  return error;
}

/**
 * `query(text, params, options)` for `client`, preparing each text once. Statements without parameters
 * go to PGlite's own `query` (DDL, BEGIN, COMMIT: nothing to reuse).
 */
export function preparedQueries(client) {
  /** text → { name, paramTypes, fields } */
  const statements = new Map();
  let counter = 0;

  async function prepare(text) {
    const name = `aegis_${++counter}`;
    const { messages } = await client.execProtocol(concat([parse(name, text), describeStatement(name), sync()]), { syncToFs: false });
    const paramTypes = messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [];
    const fields = messages.find((m) => m.name === 'rowDescription')?.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) ?? [];
    const statement = { name, paramTypes, fields };
    statements.set(text, statement);
    if (statements.size > MAX_PREPARED) {
      const [oldestText, oldest] = statements.entries().next().value;
      statements.delete(oldestText);
      await client.execProtocol(concat([close(oldest.name), sync()]), { syncToFs: false });
    }
    return statement;
  }

  async function run(text, params, options) {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last.
      statements.delete(text);
      statements.set(text, statement);
    } else statement = await prepare(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[statement.paramTypes[i]];
      return serializer ? serializer(value) : typeof value === 'string' ? value : value.toString();
    });
    // Written to disk after the statement, unless within a transaction (then at its COMMIT), as PGlite's own transactions do.
    const { messages } = await client.execProtocol(concat([bind(statement.name, values), execute(), sync()]), { syncToFs: !client.isInTransaction() });
    return resultOf(messages, statement.fields, client.parsers, options);
  }

  return async function query(text, params, options) {
    if (!params || params.length === 0) return client.query(text, params, options);
    return client._runExclusiveQuery(async () => {
      try {
        return await run(text, params, options);
      } catch (error) {
        // A statement prepared before the schema changed may refuse to run ("cached plan must not change
        // result type"): prepare it again, once.
        if (error?.code === '0A000' && statements.has(text)) {
          statements.delete(text);
          try {
            return await run(text, params, options);
          } catch (again) {
            throw withQuery(again, text, params);
          }
        }
        // A statement that failed to parse is not kept.
        if (!statements.has(text) || error?.code?.startsWith?.('42')) statements.delete(text);
        throw withQuery(error, text, params);
      }
    });
  };
}
