// `npm run db:generate -w apps/api -- --name <change>`: drizzle-kit resolves drizzle-orm from its own
// (hoisted) folder, but npm keeps drizzle-orm inside this workspace; link it there for the run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const hoisted = path.resolve(here, '../../node_modules/drizzle-orm');
const local = path.join(here, 'node_modules/drizzle-orm');
const link = !fs.existsSync(hoisted) && fs.existsSync(local);
if (link) fs.symlinkSync(local, hoisted, 'dir');
try {
  execFileSync(process.execPath, [path.resolve(here, '../../node_modules/drizzle-kit/bin.cjs'), 'generate', ...process.argv.slice(2)], { cwd: here, stdio: 'inherit' });
} finally {
  if (link) fs.unlinkSync(hoisted);
}
