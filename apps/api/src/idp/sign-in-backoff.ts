import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { signInFailures } from '../db/schema';

/** Failed passwords allowed per account before it backs off; the count restarts after a quiet spell. */
export const FREE_FAILURES = 5;
const QUIET_MS = 15 * 60_000;
const FIRST_BLOCK_MS = 30_000;
const MAX_BLOCK_MS = 15 * 60_000;

/**
 * Per-account back-off of the embedded provider's sign-in, on top of the per-IP rate limit: a password
 * guesser spread over many addresses still gets only a handful of tries per account, and waits twice as
 * long after each further failure. Kept for any e-mail, known or not, so it tells nothing about accounts.
 */
export const signInBackoff = {
  /** Milliseconds until the account may try again; 0 when it may now. */
  async waitMs(db: Executor, email: string, now: Date): Promise<number> {
    const [row] = await db.select().from(signInFailures).where(eq(signInFailures.email, email));
    return row?.blockedUntil ? Math.max(0, row.blockedUntil.getTime() - now.getTime()) : 0;
  },

  async recordFailure(db: Executor, email: string, now: Date): Promise<void> {
    const quietSince = new Date(now.getTime() - QUIET_MS).toISOString();
    const result = await db.execute(sql`
      insert into sign_in_failures (email, failures, last_failed_at)
      values (${email}, 1, ${now.toISOString()}::timestamptz)
      on conflict (email) do update set
        failures = case when sign_in_failures.last_failed_at < ${quietSince}::timestamptz then 1 else sign_in_failures.failures + 1 end,
        last_failed_at = excluded.last_failed_at
      returning failures`);
    const failures = Number((result as unknown as { rows: { failures: number }[] }).rows[0]?.failures ?? 1);
    const over = failures - FREE_FAILURES;
    const blockedUntil = over > 0 ? new Date(now.getTime() + Math.min(MAX_BLOCK_MS, FIRST_BLOCK_MS * 2 ** (over - 1))) : null;
    await db.update(signInFailures).set({ blockedUntil }).where(eq(signInFailures.email, email));
  },

  async clear(db: Executor, email: string): Promise<void> {
    await db.delete(signInFailures).where(eq(signInFailures.email, email));
  },
};
