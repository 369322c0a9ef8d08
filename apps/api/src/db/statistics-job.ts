import { everyMinutes, type JobDefinition } from '../jobs/registry';

/**
 * The embedded database has no autovacuum: every minute, analyze the tables that changed enough since
 * their last analyze (PostgreSQL's autovacuum does this itself, so the job exists on PGlite only).
 */
export const statisticsJob: JobDefinition = {
  name: 'statistics',
  label: 'Database statistics refresh',
  schedule: everyMinutes(1),
  onlyOn: 'pglite',
  // The next minute's run does the same work: no retry.
  retry: { limit: 0, delaySeconds: 0 },
  timeoutSeconds: 5 * 60,
  async run({ deps }) {
    return { analyzed: await deps.database.analyzeChanged() };
  },
};
