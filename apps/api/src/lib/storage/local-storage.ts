import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileMeter } from './file-meter';
import { assertKey, type FileStorage } from './file-storage';

/** The name of a write in progress: `<key's file>.<pid>-<uuid>.partial` (partialOf below), `<…>.<pid>.partial` before. */
const PARTIAL = /\.\d+(-[0-9a-f-]{36})?\.partial$/;

const missing = (error: NodeJS.ErrnoException) => error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR';

/** Files under `root` (DATA_DIR/files), one file per key; folders are made on the first write. */
export function localStorage(root: string): FileStorage {
  const pathOf = (key: string) => path.join(root, ...assertKey(key).split('/').filter(Boolean));
  // Written aside, then renamed: a reader never sees half a file. Unique per write, so two writes of one key never share one.
  const partialOf = (target: string) => `${target}.${process.pid}-${randomUUID()}.partial`;

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
      const partial = partialOf(target);
      try {
        await fs.writeFile(partial, body);
        await fs.rename(partial, target);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
    },
    async putStream(key, source, { maxBytes }) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const partial = partialOf(target);
      const meter = fileMeter(maxBytes);
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          try {
            meter.update(chunk);
            done(null, chunk);
          } catch (error) {
            done(error as Error);
          }
        },
      });
      try {
        // Too large, the source failing or aborted, the disk full: pipeline stops every stage and throws.
        await pipeline(source, measure, createWriteStream(partial, { flags: 'wx' }));
        const stored = meter.result();
        await fs.rename(partial, target);
        return stored;
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
    },
    async read(key) {
      return fs.readFile(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (missing(error)) return null;
        throw error;
      });
    },
    async readStream(key, range) {
      const handle = await fs.open(pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (missing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        // The handle stays open until the stream ends or is destroyed: a file renamed over meanwhile is still read whole.
        const stream = handle.createReadStream(range ? { start: range.start, end: Math.min(range.end, stat.size - 1) } : {});
        return { stream, size: stat.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async remove(key) {
      await fs.unlink(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    async removePrefix(prefix) {
      // Prefixes end at a folder ("…/projects/{id}/"), so the folder goes as a whole.
      const target = pathOf(prefix);
      const count = await countFiles(target);
      await fs.rm(target, { recursive: true, force: true });
      return count;
    },
    async sweepPartials(olderThan) {
      let removed = 0;
      // One folder at a time (no listing of the whole tree in memory); a folder or file gone meanwhile is skipped.
      const folders = [root];
      while (folders.length) {
        const folder = folders.pop()!;
        const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const where = path.join(folder, entry.name);
          if (entry.isDirectory()) folders.push(where);
          else if (entry.isFile() && PARTIAL.test(entry.name)) {
            const stat = await fs.stat(where).catch(() => null);
            if (stat && stat.mtime < olderThan) {
              await fs.rm(where, { force: true });
              removed += 1;
            }
          }
        }
      }
      return removed;
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, constants.W_OK);
    },
  };
}
