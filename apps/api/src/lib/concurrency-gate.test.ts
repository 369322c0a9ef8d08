import { describe, expect, it } from 'vitest';
import { concurrencyGate } from './concurrency-gate';

describe('concurrencyGate', () => {
  it('runs at most `limit` at once, the others in order as places free up, and frees a place on failure too', async () => {
    const gate = concurrencyGate(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (n: number, fail = false) =>
      gate(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        order.push(n);
        if (fail) throw new Error(`failed ${n}`);
        return n;
      });
    const results = await Promise.allSettled([work(1), work(2, true), work(3), work(4), work(5)]);
    expect(most).toBe(2);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(order.slice(2)).toEqual([3, 4, 5]);
    expect(await work(6)).toBe(6);
  });
});
