// The embedded database's thread (db/pglite-thread.ts starts it): PGlite runs here, so a slow statement
// holds this thread only, never the API's event loop. Plain JavaScript, so that the same file starts from
// the sources (vitest, `npm run dev`) and, bundled as dist/pglite-worker.js, from the built server.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { preparedQueries } from './pglite-prepared.mjs';

const { dataDir, loadDataDir, startParams } = workerData;
const identity = (value) => value;

/** Query options as they crossed the thread: parsers are named by type only, all keep the text as is. */
function queryOptions(options) {
  if (!options) return undefined;
  const { rowMode, rawTypes } = options;
  return { rowMode, parsers: rawTypes ? Object.fromEntries(rawTypes.map((type) => [type, identity])) : undefined };
}

/** What of a database error crosses the thread: its message and its plain fields (code, detail, constraint…). */
function plainError(error) {
  const plain = { message: error instanceof Error ? error.message : String(error), name: error?.name ?? 'Error', fields: {} };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) plain.fields[key] = value;
    }
  }
  return plain;
}

/** Results without what cannot cross the thread (a result's blob). */
const plainResult = ({ rows, fields, affectedRows, command, rowCount }) => ({ rows, fields, affectedRows, command, rowCount });

let client;
try {
  client = new PGlite({ dataDir, loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined, startParams: [...PGlite.defaultStartParams, ...startParams] });
  await client.waitReady;
} catch (error) {
  parentPort.postMessage({ type: 'failed', error: plainError(error) });
  process.exit(1);
}

// Statements with parameters are prepared once and then only bound and executed (pglite-prepared.mjs).
const prepared = preparedQueries(client);

// Notifications are posted as PGlite delivers them — before the statement that committed them resolves,
// so the API hears them before that statement's answer (messages keep their order).
const listeners = new Map();

const operations = {
  query: ({ text, params, options }) => prepared(text, params, queryOptions(options)).then(plainResult),
  exec: ({ text }) => client.exec(text).then((results) => results.map(plainResult)),
  inTransaction: () => client.isInTransaction(),
  async listen({ channel }) {
    if (listeners.has(channel)) return;
    listeners.set(channel, await client.listen(channel, (payload) => parentPort.postMessage({ type: 'notification', channel, payload })));
  },
  async unlisten({ channel }) {
    const stop = listeners.get(channel);
    listeners.delete(channel);
    if (stop && !client.closed) await stop();
  },
  async dump({ compression }) {
    const blob = await client.dumpDataDir(compression);
    return { transfer: await blob.arrayBuffer() };
  },
  async close() {
    if (!client.closed) await client.close();
  },
};

parentPort.on('message', async ({ id, op, ...request }) => {
  try {
    const result = await operations[op](request);
    if (result && typeof result === 'object' && 'transfer' in result) parentPort.postMessage({ type: 'result', id, result: result.transfer }, [result.transfer]);
    else parentPort.postMessage({ type: 'result', id, result });
    if (op === 'close') parentPort.close();
  } catch (error) {
    parentPort.postMessage({ type: 'error', id, error: plainError(error) });
  }
});

parentPort.postMessage({ type: 'ready' });
