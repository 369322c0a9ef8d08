import type { Clock } from './clock';

type Run = { finishedAt: Date; failures: number; error: string | undefined };
type Job = { label: string; everyMs: number; last: Run | undefined };

export type JobState = {
  name: string;
  label: string;
  /** ok: the last run did all its work; degraded: some items failed and wait for the next run, or runs are overdue; unavailable: the last run failed. */
  status: 'ok' | 'degraded' | 'unavailable';
  /** Items the last run could not finish (they are retried on the next run). */
  failures: number;
  lastRunAt: Date | undefined;
  everyMs: number;
};

/** A run that has not happened within this many intervals counts as overdue. */
const OVERDUE_INTERVALS = 2;

/**
 * What the process's periodic jobs did last, for the health check. Each instance keeps its own: the jobs
 * run in every instance, and the health check answers for the instance it reached.
 */
export function createJobMonitor(clock: Clock) {
  const jobs = new Map<string, Job>();
  const createdAt = clock.now();

  return {
    /** Declares a job that runs every `everyMs`; its runs go through `track`. */
    define(name: string, label: string, everyMs: number) {
      jobs.set(name, { label, everyMs, last: undefined });
    },

    /** Runs one pass of a defined job and records how it went; `failures` counts the items the pass left undone. */
    async track<T>(name: string, run: () => Promise<T>, failures: (result: T) => number = () => 0): Promise<T> {
      const job = jobs.get(name);
      if (!job) throw new Error(`Unknown job ${name}`);
      try {
        const result = await run();
        job.last = { finishedAt: clock.now(), failures: failures(result), error: undefined };
        return result;
      } catch (error) {
        job.last = { finishedAt: clock.now(), failures: 0, error: error instanceof Error ? error.message : String(error) };
        throw error;
      }
    },

    states(): JobState[] {
      const now = clock.now().getTime();
      return [...jobs].map(([name, job]) => {
        const since = job.last?.finishedAt ?? createdAt;
        const overdue = now - since.getTime() > OVERDUE_INTERVALS * job.everyMs;
        const status = job.last?.error ? 'unavailable' : overdue || (job.last?.failures ?? 0) > 0 ? 'degraded' : 'ok';
        return { name, label: job.label, status, failures: job.last?.failures ?? 0, lastRunAt: job.last?.finishedAt, everyMs: job.everyMs };
      });
    },
  };
}

export type JobMonitor = ReturnType<typeof createJobMonitor>;
