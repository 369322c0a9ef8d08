import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { storagePurges } from '../../db/schema';
import type { FileStorage } from './file-storage';

/** How many prefixes one run works through; the rest wait for the next run. */
const BATCH = 50;

/** Records, inside the caller's transaction, that every file under `prefix` is to go once it commits. */
export async function schedulePurge(tx: Executor, prefix: string) {
  await tx.insert(storagePurges).values({ prefix });
}

type Log = { warn(details: object, message: string): void };

/**
 * Removes the files of the recorded prefixes and forgets each prefix once its files are gone. Safe to
 * run anywhere and at any time: removing an absent file is no error, so two instances racing do no harm.
 * A prefix that fails stays, with its error, for the next run.
 */
export async function runPurges(deps: { db: Db; storage: FileStorage }, log?: Log): Promise<{ purged: number; failed: number }> {
  const due = await deps.db.select().from(storagePurges).orderBy(asc(storagePurges.createdAt)).limit(BATCH);
  let purged = 0;
  let failed = 0;
  for (const purge of due) {
    try {
      await deps.storage.removePrefix(purge.prefix);
      await deps.db.delete(storagePurges).where(eq(storagePurges.id, purge.id));
      purged += 1;
    } catch (error) {
      failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      log?.warn({ prefix: purge.prefix, err: message }, 'could not remove stored files; will retry');
      await deps.db
        .update(storagePurges)
        .set({ attempts: sql`${storagePurges.attempts} + 1`, lastError: message.slice(0, 500) })
        .where(eq(storagePurges.id, purge.id));
    }
  }
  return { purged, failed };
}
