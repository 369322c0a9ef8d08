import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds `relative` in the folder of this module or one above it. The same code runs from `src/`
 * (tests, dev) and from the bundle in `dist/`, which sit at different depths.
 */
export function findUp(relative: string, marker = ''): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, relative);
    if (fs.existsSync(path.join(candidate, marker))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}
