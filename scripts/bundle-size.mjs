// `npm run size`: gzip size of the JavaScript the first screen loads (the entry script and the chunks
// index.html preloads) and of the whole web app (every chunk in dist/assets). Builds first if needed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
const dist = path.join(root, 'apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

const gz = (file) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const firstScreen = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);

const first = firstScreen.reduce((sum, f) => sum + gz(f), 0);
const total = all.reduce((sum, f) => sum + gz(f), 0);
console.log(`first screen: ${kb(first)} gzip in ${firstScreen.length} file(s): ${firstScreen.join(', ')}`);
console.log(`whole app:    ${kb(total)} gzip in ${all.length} file(s)`);
const sentry = all.filter((f) => fs.readFileSync(path.join(dist, f), 'utf8').includes('sentry.javascript'));
const sentrySize = sentry.reduce((sum, f) => sum + gz(f), 0);
console.log(`of which the error-reporting SDK (loaded only when SENTRY_DSN is set): ${kb(sentrySize)} in ${sentry.join(', ') || 'no file'}`);
const largest = all.map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]).slice(0, 5);
console.log(`largest chunks: ${largest.map(([f, size]) => `${f} ${kb(size)}`).join(', ')}`);
