import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ASSESSMENT_RESULT_LABELS, type AssessmentResult } from '@aegis/contracts';
import { RetryAlert } from '../../../components/retry-alert';
import { StatusChip } from '../../../components/status-chip';
import type { DisplayStatus } from '../../../components/status-styles';
import { formatDateTime } from '../../../lib/format';
import { useAssessments } from '../api/list-assessments';
import { AssessmentForm } from './assessment-form';
import { DetailSection } from '../../../components/detail-section';

/** An assessment result shown with the icon of the test result it reads like. */
const RESULT_STATUS: Record<AssessmentResult, DisplayStatus> = { met: 'passed', partially_met: 'error', not_met: 'failed' };

export function AssessmentResultChip({ result }: { result: AssessmentResult }) {
  return <StatusChip status={RESULT_STATUS[result]} label={ASSESSMENT_RESULT_LABELS[result]} />;
}

type Props = { projectId: string; controlCode: string; canAssess: boolean };

/** Whether the control is met, as people judged it over time: the form to add a judgement, and the history, newest first. */
export function AssessmentsSection({ projectId, controlCode, canAssess }: Props) {
  const assessments = useAssessments(projectId, controlCode);
  const items = assessments.data?.pages.flatMap((page) => page.items) ?? [];
  const total = assessments.data?.pages.at(-1)?.total ?? 0;
  return (
    <DetailSection id="control-assessments" title="Assessments">
      {canAssess && <AssessmentForm projectId={projectId} controlCode={controlCode} />}
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        History
      </Typography>
      {assessments.isPending && <LinearProgress aria-label="Loading the assessments" />}
      {assessments.isError && items.length === 0 && <RetryAlert onRetry={() => void assessments.refetch()}>The assessments could not be loaded.</RetryAlert>}
      {assessments.isSuccess && items.length === 0 && <Typography color="text.secondary">Not assessed yet.</Typography>}
      {items.length > 0 && (
        <Box component="ol" aria-label="Assessment history" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((assessment) => (
            <Box component="li" key={assessment.id} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <AssessmentResultChip result={assessment.result} />
                <Typography variant="body2" color="text.secondary">
                  {assessment.assessed_by?.name ?? 'Someone'} ·{' '}
                  <time dateTime={assessment.created_at}>{formatDateTime(assessment.created_at)}</time>
                </Typography>
              </Stack>
              <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{assessment.rationale}</Typography>
            </Box>
          ))}
        </Box>
      )}
      {assessments.hasNextPage && (
        <Button onClick={() => void assessments.fetchNextPage()} loading={assessments.isFetchingNextPage} sx={{ mt: 1 }}>
          Show more ({total - items.length} older)
        </Button>
      )}
    </DetailSection>
  );
}
