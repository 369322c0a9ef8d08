import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TEST_SCHEDULE_LABELS, type TestingTestDetail } from '@aegis/contracts';
import { DetailSection } from '../../../components/detail-section';
import { formatDateTime } from '../../../lib/format';

/** The test's facts: what it judges, from where, how often, how far back, and who made it. */
export function TestDetailsSection({ test }: { test: TestingTestDetail }) {
  const facts: [string, string][] = [
    ['Metric', test.metric_name ? `${test.metric_name}${test.metric_unit ? ` (${test.metric_unit})` : ''}` : 'Deleted'],
    ['Source', test.source_name ?? '—'],
    ['Schedule', TEST_SCHEDULE_LABELS[test.schedule]],
    ['Next run', test.next_run_at ? formatDateTime(test.next_run_at) : test.schedule === 'manual' ? 'When run by hand' : test.schedule === 'on_new_value' ? 'On the next value' : '—'],
    ['Lookback', `${test.lookback_days} ${test.lookback_days === 1 ? 'day' : 'days'}: older data is not judged`],
    ['Created', `${formatDateTime(test.created_at)}${test.created_by ? ` by ${test.created_by.name}` : ''}`],
  ];
  return (
    <DetailSection id="test-details" title="Details">
      {test.description && <Typography sx={{ mb: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{test.description}</Typography>}
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 1 }}>
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </DetailSection>
  );
}
