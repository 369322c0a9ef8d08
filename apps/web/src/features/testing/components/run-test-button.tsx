import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import type { TestingTestDetail } from '@aegis/contracts';
import { errorDetail } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notifier';
import { useRunTest } from '../api/tests-api';
import { formatMetricValue, RESULT_LABELS } from '../testing-labels';

/** Runs the test now and says what came of it; the result, the chart and the linked controls' evidence refresh. */
export function RunTestButton({ projectId, test }: { projectId: string; test: TestingTestDetail }) {
  const run = useRunTest(projectId, test.id);
  return (
    <Button
      variant="contained"
      startIcon={<PlayArrowIcon />}
      loading={run.isPending}
      onClick={() =>
        run.mutate(undefined, {
          onSuccess: (result) => {
            const observed = result.observed_value === null ? '' : ` (${formatMetricValue(result.observed_value, test.metric_unit)})`;
            const message = `${test.reference}: ${RESULT_LABELS[result.result_status].toLowerCase()}${observed}`;
            if (result.result_status === 'passed') notifySuccess(message);
            else notifyError(result.error ? `${message}: ${result.error}` : message);
          },
          onError: (error) => notifyError(errorDetail(error)),
        })
      }
    >
      Run now
    </Button>
  );
}
