import SyncIcon from '@mui/icons-material/Sync';
import Button from '@mui/material/Button';
import type { AssetCardSyncResult, TestingSource } from '@aegis/contracts';
import { errorDetail } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notifier';
import { useSyncSource } from '../api/sources-api';

const plural = (count: number, word: string) => `${count} ${count === 1 ? word : `${word}s`}`;

/** What a sync did, in a sentence. */
export function syncMessage(result: AssetCardSyncResult, card: string): string {
  if (result.duplicate) return `${card} has not changed since it was last read: nothing new`;
  if (result.accepted === 0) return `${card} publishes no evaluation result (model-index) to read`;
  const metrics = result.metrics_created ? `; ${plural(result.metrics_created, 'new metric')}` : '';
  const tests = result.tests_run ? `; ${plural(result.tests_run, 'test')} ran` : '';
  return `${plural(result.accepted, 'value')} read from ${card}${metrics}${tests}`;
}

/** Reads the model card's published evaluation results (a source of kind asset_card). */
export function SyncModelCardButton({ projectId, source }: { projectId: string; source: TestingSource }) {
  const sync = useSyncSource(projectId, source.id);
  return (
    <Button
      variant="outlined"
      startIcon={<SyncIcon />}
      loading={sync.isPending}
      onClick={() =>
        sync.mutate(undefined, {
          onSuccess: (result) => notifySuccess(syncMessage(result, source.asset_card_name ?? 'the model card')),
          onError: (error) => notifyError(errorDetail(error)),
        })
      }
    >
      Read the model card now
    </Button>
  );
}
