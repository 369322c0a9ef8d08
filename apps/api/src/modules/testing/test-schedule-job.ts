import type { Deps } from '../../deps';
import { everyMinutes, type JobDefinition } from '../../jobs/registry';
import { runRepository } from './run-repository';
import { runTest } from './test-runs';

const BATCH = 100;

/**
 * Runs the daily and weekly tests that are due, trigger `schedule`: every hour on the hour (once per slot
 * across instances, which the job engine guarantees), in batches of BATCH in id order. Idempotent: a run
 * moves the test's last run, so a repeated or retried slot finds nothing more to do. A test whose run
 * fails is logged and left for the next slot; the others go on.
 */
export async function runScheduledTests(deps: Deps, log: { warn(details: object, message: string): void }) {
  const now = deps.clock.now().toISOString();
  let after: string | null = null;
  let ran = 0;
  let failed = 0;
  for (;;) {
    const batch = await runRepository.due(deps.db, now, after, BATCH);
    for (const test of batch) {
      try {
        if (await runTest(deps, { organizationId: test.organization_id, projectId: test.project_id, actorId: null }, test.id, 'schedule')) ran++;
      } catch (error) {
        failed++;
        log.warn({ testId: test.id, err: error instanceof Error ? error.message : String(error) }, 'scheduled test run failed');
      }
    }
    if (batch.length < BATCH) break;
    after = batch.at(-1)!.id;
  }
  return { ran, failed };
}

export const testScheduleJob: JobDefinition = {
  name: 'testing_schedule',
  label: 'Scheduled test runs',
  schedule: everyMinutes(60),
  retry: { limit: 2, delaySeconds: 300, backoff: true },
  timeoutSeconds: 55 * 60,
  async run({ deps, log }) {
    const outcome = await runScheduledTests(deps, log);
    if (outcome.ran || outcome.failed) log.info(outcome, 'scheduled tests run');
    return outcome;
  },
};
