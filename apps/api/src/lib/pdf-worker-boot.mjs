// Starts a worker thread (lib/worker-pool.ts: PDF reports, template parsing) from the TypeScript sources (vitest, `npm run dev`): on Node 20 a worker thread
// does not inherit its parent's module hooks, so it registers tsx itself (with the API's tsconfig, for
// JSX) before loading the entry. The built server starts dist/<worker>.js and never loads this file.
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });
await import(workerData.entry);
