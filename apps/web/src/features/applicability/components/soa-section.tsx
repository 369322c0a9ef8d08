import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { EmptyListText } from '../../../components/paged-list';
import { RetryAlert } from '../../../components/retry-alert';
import { SectionHeading } from '../../../components/section-heading';
import { formatDateTime } from '../../../lib/format';
import { useDownloadStatementOfApplicability } from '../api/download-statement-of-applicability';
import { useStatementOfApplicability } from '../api/get-statement-of-applicability';
import { SoaDecisionDialog } from './soa-decision-dialog';
import { SoaTable, type SoaDecision } from './soa-table';

type Shown = 'all' | 'included' | 'excluded';

type Props = { projectId: string; framework: string; canDecide: boolean };

/**
 * Section 3 of the scoping page: the statement of applicability of a framework's Annex A controls,
 * filtered by decision (the counts are those of the list), downloadable as CSV, and decided by hand
 * where the answers do not say it right.
 */
export function SoaSection({ projectId, framework, canDecide }: Props) {
  const soa = useStatementOfApplicability(projectId, framework);
  const download = useDownloadStatementOfApplicability(projectId, framework);
  const [shown, setShown] = useState<Shown>('all');
  const [deciding, setDeciding] = useState<SoaDecision | null>(null);
  const items = soa.data?.items ?? [];
  const included = items.filter((item) => item.included).length;
  const counts: Record<Shown, number> = { all: items.length, included, excluded: items.length - included };
  const listed = shown === 'all' ? items : items.filter((item) => item.included === (shown === 'included'));

  return (
    <Box component="section" aria-labelledby="statement-of-applicability">
      <SectionHeading
        id="statement-of-applicability"
        level={3}
        title="Statement of applicability"
        description={soa.data ? `${soa.data.framework_name}: every Annex A control, whether it applies and why.` : 'Every Annex A control, whether it applies and why.'}
        action={
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download.mutate()} loading={download.isPending} disabled={!soa.data}>
            Download CSV
          </Button>
        }
      />
      <Paper variant="outlined">
        {(soa.isPending || soa.isFetching) && <LinearProgress aria-label="Loading the statement of applicability" />}
        {soa.isError && !soa.data && <RetryAlert onRetry={() => void soa.refetch()}>The statement of applicability could not be loaded.</RetryAlert>}
        {soa.data && (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
              <ToggleButtonGroup exclusive size="small" value={shown} onChange={(_, value: Shown | null) => value && setShown(value)} aria-label="Show controls">
                <ToggleButton value="all">All ({counts.all})</ToggleButton>
                <ToggleButton value="included">Included ({counts.included})</ToggleButton>
                <ToggleButton value="excluded">Excluded ({counts.excluded})</ToggleButton>
              </ToggleButtonGroup>
              <Typography variant="body2" color="text.secondary">
                As of {formatDateTime(soa.data.generated_at)}
              </Typography>
            </Stack>
            {listed.length === 0 ? (
              <EmptyListText>{items.length === 0 ? 'The framework has no Annex A controls in this project.' : `No ${shown} control.`}</EmptyListText>
            ) : (
              <SoaTable items={listed} labelledBy="statement-of-applicability" onDecide={canDecide ? setDeciding : undefined} />
            )}
          </>
        )}
      </Paper>
      <SoaDecisionDialog projectId={projectId} decision={deciding} onClose={() => setDeciding(null)} />
    </Box>
  );
}
