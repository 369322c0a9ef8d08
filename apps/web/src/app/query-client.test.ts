import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, markPreloaded } from './query-client';

/** Mounts an observer of `key` (as a screen's useQuery does) and gives how often the query function ran. */
async function mount(queryClient: ReturnType<typeof createQueryClient>, key: string[], queryFn: () => Promise<string>) {
  const observer = new QueryObserver(queryClient, { queryKey: key, queryFn });
  const unsubscribe = observer.subscribe(() => {});
  await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
  unsubscribe();
}

describe('the query client', () => {
  it('keeps what the boot preloaded fresh for the screen’s first mount, and only for that', async () => {
    const queryClient = createQueryClient({ retry: false });
    const queryFn = vi.fn(() => Promise.resolve('data'));
    await queryClient.prefetchQuery({ queryKey: ['preloaded'], queryFn });
    markPreloaded(queryClient.getQueryCache().find({ queryKey: ['preloaded'] }));
    await mount(queryClient, ['preloaded'], queryFn);
    expect(queryFn).toHaveBeenCalledTimes(1);
    // A change makes it stale at once; once refetched it is a query like any other, stale at once.
    await queryClient.invalidateQueries({ queryKey: ['preloaded'] });
    await mount(queryClient, ['preloaded'], queryFn);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await mount(queryClient, ['preloaded'], queryFn);
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('refetches on mount whatever was not preloaded', async () => {
    const queryClient = createQueryClient({ retry: false });
    const queryFn = vi.fn(() => Promise.resolve('data'));
    await queryClient.prefetchQuery({ queryKey: ['other'], queryFn });
    await mount(queryClient, ['other'], queryFn);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});
