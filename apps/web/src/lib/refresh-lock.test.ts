import { describe, expect, it, vi } from 'vitest';
import { withRefreshLock } from './refresh-lock';

// jsdom has no Web Locks: these exercise the localStorage lease used where they are missing.
const LEASE_KEY = 'session_refresh_lease';

describe('withRefreshLock without Web Locks', () => {
  it('holds a lease in localStorage while the task runs, and frees it after', async () => {
    expect('locks' in navigator).toBe(false);
    let during: string | null = null;
    await expect(
      withRefreshLock(() => {
        during = localStorage.getItem(LEASE_KEY);
        return Promise.resolve('done');
      }),
    ).resolves.toBe('done');
    expect(during).toMatch(/"owner"/);
    expect(localStorage.getItem(LEASE_KEY)).toBeNull();
  });

  it('frees the lease when the task fails', async () => {
    await expect(withRefreshLock(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(localStorage.getItem(LEASE_KEY)).toBeNull();
  });

  it('waits while another tab holds the lease, and goes once it is freed', async () => {
    localStorage.setItem(LEASE_KEY, JSON.stringify({ owner: 'other-tab', until: Date.now() + 10_000 }));
    const task = vi.fn(() => Promise.resolve(true));
    const done = withRefreshLock(task);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(task).not.toHaveBeenCalled();
    localStorage.removeItem(LEASE_KEY);
    await expect(done).resolves.toBe(true);
    expect(task).toHaveBeenCalledOnce();
  });

  it('takes over a lease whose holder died (expired), and runs one task at a time in a tab', async () => {
    localStorage.setItem(LEASE_KEY, JSON.stringify({ owner: 'dead-tab', until: Date.now() - 1 }));
    const order: string[] = [];
    const task = (name: string) => async () => {
      order.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push(`${name} ends`);
    };
    await Promise.all([withRefreshLock(task('a')), withRefreshLock(task('b'))]);
    expect(order).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });
});
