// Builds what `npm start` and the browser tests need: the web app (Vite, then brotli and gzip copies of
// its files) and the API bundle (esbuild).
// Skips a part whose sources have not changed since its last build; `--force` rebuilds everything.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressAssets } from './compress-assets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, '.build-stamp');
const force = process.argv.includes('--force');

const parts = {
  web: {
    inputs: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src', 'package-lock.json', 'scripts/compress-assets.mjs'],
    output: 'apps/web/dist/index.html',
    run: async () => {
      execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
      const { files, original, br, gz } = await compressAssets(path.join(root, 'apps/web/dist'));
      const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
      process.stdout.write(`Compressed ${files} web files: ${kb(original)} → ${kb(br)} brotli, ${kb(gz)} gzip\n`);
    },
  },
  api: {
    inputs: ['apps/api/src', 'apps/api/build.mjs', 'packages/contracts/src', 'package-lock.json'],
    output: 'apps/api/dist/server.js',
    run: () => execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/api'), stdio: 'inherit' }),
  },
};

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

const stamps = fs.existsSync(stampFile) ? JSON.parse(fs.readFileSync(stampFile, 'utf8')) : {};
for (const [name, part] of Object.entries(parts)) {
  const fingerprint = Math.max(...part.inputs.map(newestChange));
  const fresh = fs.existsSync(path.join(root, part.output)) && stamps[name] === fingerprint;
  if (fresh && !force) continue;
  const started = Date.now();
  process.stdout.write(`Building ${name}…\n`);
  await part.run();
  stamps[name] = fingerprint;
  fs.writeFileSync(stampFile, JSON.stringify(stamps));
  process.stdout.write(`Built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
