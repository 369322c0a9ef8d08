import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TestingTestListItem } from '@aegis/contracts';
import { formatDateTime } from '../../../lib/format';
import { formatMetricValue, resultState } from '../testing-labels';
import { ResultIcon } from './result-icon';

/** A test's latest outcome in a list: its icon and name, the value it judged and when. */
export function LatestResultCell({ test }: { test: Pick<TestingTestListItem, 'last_result' | 'metric_unit'> }) {
  const last = test.last_result;
  return (
    <Stack spacing={0.25}>
      <ResultIcon result={resultState(last)} withLabel />
      {last && (
        <Typography variant="caption" color="text.secondary">
          {last.observed_value !== null ? `${formatMetricValue(last.observed_value, test.metric_unit)} · ` : ''}
          {formatDateTime(last.created_at)}
        </Typography>
      )}
    </Stack>
  );
}
