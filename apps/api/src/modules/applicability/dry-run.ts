import type { Db, Tx } from '../../db/client';

/** Carries a dry run's answer out of its transaction, which is then rolled back. */
class DryRunRollback extends Error {
  constructor(readonly value: unknown) {
    super('dry run: rolled back');
  }
}

/**
 * Runs a change in a transaction; a dry run does all of it — the same checks, writes and re-evaluation,
 * so its answer is exactly what the change would do — then rolls it back, activity entries and screen
 * notifications (sent on commit) included.
 */
export async function transactionOrDryRun<T>(db: Db, dryRun: boolean, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const value = await work(tx);
      if (dryRun) throw new DryRunRollback(value);
      return value;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.value as T;
    throw error;
  }
}
