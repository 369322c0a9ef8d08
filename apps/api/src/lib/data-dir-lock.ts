import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'aegis.lock';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The embedded database's files belong to one process at a time: two servers (a second `npm start` in
 * another terminal) writing the same PGlite folder corrupt it for good. Takes `<dataDir>/aegis.lock` with
 * this process's id, refusing with a clear message while another live process holds it; a lock whose
 * process is gone (a crash, a kill -9) is taken over. Returns the release, which also runs at exit.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => {
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new Error(
          `Another Aegis server (process ${holder}) is using the embedded database in ${dataDir}. Stop it first, or give this one another folder with DATA_DIR (or a PostgreSQL database with DATABASE_URL).`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
