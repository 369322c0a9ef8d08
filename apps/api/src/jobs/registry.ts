import type { Database } from '../db/client';
import type { Deps } from '../deps';

export type JobLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/** What a job's handler gets: its data, the app's dependencies, a logger, and which attempt this is (1 first). */
export type JobRun<Data> = { data: Data; deps: Deps; log: JobLog; attempt: number };

/** When a scheduled job runs: a cron expression (UTC, minute granularity) and how often it fires. */
export type JobSchedule = {
  cron: string;
  /** How many minutes apart its runs are: the health check calls a job overdue after two of these without a run. */
  everyMinutes: number;
};

/**
 * A kind of background work, run by pg-boss on its own queue: once across all instances, retried by its
 * policy, its state in the health check. A job is scheduled (`schedule`), sent on demand
 * (`deps.jobs.send(name, data)`), or both.
 */
export type JobDefinition<Data = unknown> = {
  /** The queue's name: lower-case words joined by underscores, the same in every instance. */
  name: string;
  /** What people read in the health check. */
  label: string;
  schedule?: JobSchedule;
  /** Also run once when an instance starts (at most once a minute however many instances start). */
  atStart?: boolean;
  /** A failed run is tried again `limit` more times, `delaySeconds` later (doubling with `backoff`). */
  retry: { limit: number; delaySeconds: number; backoff?: boolean };
  /** A run still going after this long counts as failed and is retried (default 15 minutes). */
  timeoutSeconds?: number;
  /** Set when the job exists on one kind of database only (the embedded database's statistics refresh). */
  onlyOn?: Database['kind'];
  /** The work. Throw to fail the run: it is retried by `retry`, and the health check shows it meanwhile. */
  run(job: JobRun<Data>): Promise<unknown>;
};

const NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** Every minute-granularity interval as a cron expression that fires at the same minutes every hour or day. */
export function everyMinutes(minutes: number): JobSchedule {
  if (!Number.isInteger(minutes) || minutes < 1) throw new Error(`everyMinutes: ${minutes} is not a whole number of minutes`);
  if (minutes < 60 && 60 % minutes === 0) return { cron: minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`, everyMinutes: minutes };
  const hours = minutes / 60;
  if (Number.isInteger(hours) && 24 % hours === 0) return { cron: hours === 24 ? '0 0 * * *' : `0 */${hours} * * *`, everyMinutes: minutes };
  throw new Error(`everyMinutes: ${minutes} does not divide an hour or a day; give the cron expression instead`);
}

const definitions = new Map<string, JobDefinition<never>>();

/**
 * Declares a job. Features register theirs in src/composition.ts (the registry imports no feature);
 * registering a name again replaces it, so building the app twice keeps one of each.
 */
export function registerJob<Data>(definition: JobDefinition<Data>): void {
  if (!NAME.test(definition.name)) throw new Error(`Job name "${definition.name}": lower-case words joined by underscores`);
  definitions.set(definition.name, definition as JobDefinition<never>);
}

export function registeredJobs(): JobDefinition<never>[] {
  return [...definitions.values()];
}
