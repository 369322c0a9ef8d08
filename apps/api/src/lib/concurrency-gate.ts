/**
 * At most `limit` pieces of work of one kind at once on this instance; the others wait their turn, in order.
 * For heavy writes that would otherwise take every pooled connection (ten pipelines pushing values at once)
 * and leave the reads waiting for one.
 */
export function concurrencyGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    // The one finishing hands its place over (running stays as it is).
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
