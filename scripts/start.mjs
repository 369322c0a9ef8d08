// `npm start`: build what changed, then run the server in this process (it handles its own signals).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);
