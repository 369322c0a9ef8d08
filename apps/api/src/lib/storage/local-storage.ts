import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertKey, type FileStorage } from './file-storage';

/** Files under `root` (DATA_DIR/files), one file per key; folders are made on the first write. */
export function localStorage(root: string): FileStorage {
  const pathOf = (key: string) => path.join(root, ...assertKey(key).split('/').filter(Boolean));

  async function countFiles(target: string): Promise<number> {
    const stat = await fs.stat(target).catch(() => null);
    if (!stat) return 0;
    if (!stat.isDirectory()) return 1;
    const entries = await fs.readdir(target, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).length;
  }

  return {
    kind: 'local',
    async put(key, body) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const partial = `${target}.${process.pid}.partial`;
      await fs.writeFile(partial, body);
      await fs.rename(partial, target);
    },
    async read(key) {
      return fs.readFile(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
        throw error;
      });
    },
    async removePrefix(prefix) {
      // Prefixes end at a folder ("…/projects/{id}/"), so the folder goes as a whole.
      const target = pathOf(prefix);
      const count = await countFiles(target);
      await fs.rm(target, { recursive: true, force: true });
      return count;
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, constants.W_OK);
    },
  };
}
