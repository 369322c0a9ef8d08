import { everyMinutes, type JobDefinition, type JobLog } from '../../jobs/registry';
import type { FileStorage } from './file-storage';
import { runPurges } from './purges';

/**
 * A write not touched for this long was cut off (a crash, a kill mid-upload): an upload in progress writes
 * its partial file every moment, and no S3 upload of the largest file takes an hour.
 */
export const ABANDONED_WRITE_MS = 60 * 60_000;

/** Removes what cut-off writes left (storage.sweepPartials); a failure is logged and tried again at the next run. */
export async function sweepAbandonedWrites(deps: { storage: FileStorage; clock: { now(): Date } }, log?: JobLog): Promise<number> {
  try {
    const swept = await deps.storage.sweepPartials(new Date(deps.clock.now().getTime() - ABANDONED_WRITE_MS));
    if (swept > 0) log?.info({ swept }, 'removed the partial files of writes cut off more than an hour ago');
    return swept;
  } catch (error) {
    log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not sweep the partial files of cut-off writes; will retry');
    return 0;
  }
}

/**
 * Stored files whose removal is still owed (a project deleted while the storage was down): tried at
 * start-up and every five minutes. A run that leaves some undone fails, so that it is retried within
 * minutes and the health check shows it; what a run removed stays removed. Each run, at start-up
 * included, also sweeps what writes cut off by a crash left behind more than an hour ago.
 */
export const fileRemovalJob: JobDefinition = {
  name: 'file_removal',
  label: 'Removal of deleted projects’ files',
  schedule: everyMinutes(5),
  atStart: true,
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  async run({ deps, log }) {
    const swept = await sweepAbandonedWrites(deps, log);
    const result = await runPurges(deps, log);
    if (result.failed > 0) throw new Error(`${result.failed} stored folder(s) could not be removed (${result.purged} removed)`);
    return { ...result, swept };
  },
};
