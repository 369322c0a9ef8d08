// Bundles the API (with the contracts package inlined) into dist/; npm packages stay external.
// dist/pdf-worker.js, template-worker.js, evidence-text-worker.js and card-worker.js are worker threads' entries: lib/worker-pool.ts
// starts them from beside server.js; dist/pglite-worker.js is the embedded database's thread (src/db/pglite-thread.ts).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: { server: 'src/server.ts', migrate: 'src/migrate.ts', 'pdf-worker': 'src/lib/pdf-worker.tsx', 'template-worker': 'src/modules/frameworks/template-worker.ts', 'evidence-text-worker': 'src/modules/evidence/text/text-worker.ts', 'card-worker': 'src/modules/asset-cards/card-worker.ts', 'pglite-worker': 'src/db/pglite-worker.mjs' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
