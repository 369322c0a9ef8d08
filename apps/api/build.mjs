// Bundles the API (with the contracts package inlined) into dist/; npm packages stay external.
// dist/pdf-worker.js is the PDF worker thread's entry: lib/pdf-pool.ts starts it from beside server.js.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: { server: 'src/server.ts', migrate: 'src/migrate.ts', 'pdf-worker': 'src/lib/pdf-worker.tsx' },
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
