/*
 * One session refresh at a time across the tabs of this origin. The server rotates the refresh token
 * on each use, so two tabs refreshing with the same token at once would be seen as a replay. Web Locks
 * serialise them; without Web Locks (an insecure context such as plain HTTP on a LAN host) a lease in
 * localStorage does, less strictly, and the server's grace window covers the rest.
 */
const LOCK_NAME = 'aegis-session-refresh';
const LEASE_KEY = 'session_refresh_lease';
/** Longest a refresh may hold the lease: a tab that dies while holding it frees it after this. */
const LEASE_MS = 15_000;
const POLL_MS = 100;
/** Time for a rival tab's write to land before we read the lease back. */
const SETTLE_MS = 30;

type Lease = { owner: string; until: number };

export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) return locks.request(LOCK_NAME, { mode: 'exclusive' }, task) as Promise<T>;
  return withLease(task);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readLease(): Lease | null {
  try {
    const lease = JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null') as Lease | null;
    return lease && typeof lease.owner === 'string' && typeof lease.until === 'number' ? lease : null;
  } catch {
    return null;
  }
}

async function acquireLease(owner: string): Promise<void> {
  for (;;) {
    const lease = readLease();
    if (!lease || lease.until <= Date.now()) {
      localStorage.setItem(LEASE_KEY, JSON.stringify({ owner, until: Date.now() + LEASE_MS } satisfies Lease));
      await sleep(SETTLE_MS);
      if (readLease()?.owner === owner) return;
    }
    await sleep(POLL_MS);
  }
}

async function withLease<T>(task: () => Promise<T>): Promise<T> {
  const owner = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await acquireLease(owner);
  try {
    return await task();
  } finally {
    if (readLease()?.owner === owner) localStorage.removeItem(LEASE_KEY);
  }
}
