import { describe, expect, it } from 'vitest';
import { isConflictAbort, retryOnConflict } from './conflict-retry';

const abort = (code: string) => Object.assign(new Error(`aborted ${code}`), { code });

describe('retrying a transaction that lost a race', () => {
  it('knows a deadlock and a serialization failure, also wrapped, and nothing else', () => {
    expect(isConflictAbort(abort('40P01'))).toBe(true);
    expect(isConflictAbort(abort('40001'))).toBe(true);
    expect(isConflictAbort(new Error('query failed', { cause: abort('40P01') }))).toBe(true);
    expect(isConflictAbort(abort('23505'))).toBe(false);
    expect(isConflictAbort(new Error('no code'))).toBe(false);
    expect(isConflictAbort(undefined)).toBe(false);
  });

  it('runs it again after such an abort, up to the attempts allowed, and passes any other error at once', async () => {
    let runs = 0;
    expect(await retryOnConflict(async () => (++runs < 3 ? Promise.reject(abort('40P01')) : 'done'))).toBe('done');
    expect(runs).toBe(3);
    runs = 0;
    await expect(retryOnConflict(async () => (++runs, Promise.reject(abort('40001'))), 2)).rejects.toThrow('aborted 40001');
    expect(runs).toBe(2);
    runs = 0;
    await expect(retryOnConflict(async () => (++runs, Promise.reject(abort('23505'))))).rejects.toThrow('aborted 23505');
    expect(runs).toBe(1);
  });
});
