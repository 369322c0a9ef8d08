/** SQLSTATEs with which PostgreSQL aborts a transaction that lost a race: a serialization failure, a deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);

/** True when the error (or one it wraps) is PostgreSQL aborting the transaction to resolve a race. */
export function isConflictAbort(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && RETRYABLE.has(e.code)) return true;
  }
  return false;
}

/**
 * Runs a transaction again when PostgreSQL aborted it to resolve a race (a deadlock or a serialization
 * failure), up to `attempts` times with a short random pause, so such an abort never reaches the client
 * as a 500. The one place writes retry them. `transaction` must do nothing outside the database before
 * it commits (mail, files…): a retried attempt starts from nothing.
 */
export async function retryOnConflict<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isConflictAbort(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
