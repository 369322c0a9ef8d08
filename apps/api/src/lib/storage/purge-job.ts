import { everyMinutes, type JobDefinition } from '../../jobs/registry';
import { runPurges } from './purges';

/**
 * Stored files whose removal is still owed (a project deleted while the storage was down): tried at
 * start-up and every five minutes. A run that leaves some undone fails, so that it is retried within
 * minutes and the health check shows it; what a run removed stays removed.
 */
export const fileRemovalJob: JobDefinition = {
  name: 'file_removal',
  label: 'Removal of deleted projects’ files',
  schedule: everyMinutes(5),
  atStart: true,
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  async run({ deps, log }) {
    const result = await runPurges(deps, log);
    if (result.failed > 0) throw new Error(`${result.failed} stored folder(s) could not be removed (${result.purged} removed)`);
    return result;
  },
};
