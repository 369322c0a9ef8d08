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
import type { SoaHeader } from '@aegis/contracts';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDownloadStatementOfApplicability } from '../api/download-statement-of-applicability';
import { useStatementOfApplicability } from '../api/get-statement-of-applicability';
import { SoaDecisionDialog } from './soa-decision-dialog';
import { SoaTable, type SoaDecision } from './soa-table';

type Shown = 'all' | 'included' | 'excluded';

type Props = { projectId: string; frameworks: readonly { code: string; name: string }[]; canDecide: boolean };

/**
 * The EU AI Act statement's header (issue 30, item 18): the classification with its reasons, the
 * settings it was decided on, who answered them and when, and the application dates.
 */
export function SoaHeaderPanel({ header }: { header: SoaHeader }) {
  return (
    <Box component="section" aria-label="What the statement was decided on" sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="subtitle2" component="h4">
        Classification: {header.classification.label}
        {header.classification.status === 'incomplete' && ' (incomplete: required settings unanswered)'}
      </Typography>
      <Box component="ul" sx={{ mt: 0.5, mb: 1, pl: 3 }}>
        {header.classification.reasons.map((reason) => (
          <Typography component="li" variant="body2" key={reason.rule}>
            {reason.text} ({reason.article})
          </Typography>
        ))}
        {header.classification.warnings.map((warning) => (
          <Typography component="li" variant="body2" color="warning.main" key={warning.rule}>
            Warning: {warning.text} ({warning.article})
          </Typography>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h4">
        Settings answered
      </Typography>
      <Box component="dl" sx={{ mt: 0.5, mb: 1, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.25, '& dd': { m: 0 } }}>
        {header.settings.map((setting) => (
          <Box key={setting.field} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {setting.label}
            </Typography>
            <Typography component="dd" variant="body2">
              {setting.answers.length ? setting.answers.join('; ') : 'Not answered'}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {header.answered_by ? `Answered by ${header.answered_by.name}${header.answered_at ? `, ${formatDateTime(header.answered_at)}` : ''}` : 'The settings have not been answered yet.'}
      </Typography>
      <Typography variant="subtitle2" component="h4">
        Application dates
      </Typography>
      {header.dates.length === 0 ? (
        <Typography variant="body2">No application date concerns this classification.</Typography>
      ) : (
        <Box component="ul" sx={{ mt: 0.5, mb: 0.5, pl: 3 }}>
          {header.dates.map((date) => (
            <Typography component="li" variant="body2" key={`${date.date} ${date.what}`}>
              From {formatDate(date.date)}: {date.what} ({date.basis}){date.applies_now ? '' : ', not yet applicable'}
            </Typography>
          ))}
        </Box>
      )}
      <Typography variant="caption" color="text.secondary">
        Dates: {header.dates_source}
      </Typography>
    </Box>
  );
}

/**
 * Section 3 of the scoping page: the statement of applicability of a framework (ISO/IEC 42001: its
 * Annex A controls; the EU AI Act: every requirement row, under a header telling the classification it
 * was decided on), filtered by decision (the counts are those of the list), each row with why and its
 * article, the rows binding public authorities only apart and in no count, downloadable as CSV, and
 * decided by hand where the answers do not say it right.
 */
export function SoaSection({ projectId, frameworks, canDecide }: Props) {
  const [framework, setFramework] = useState(frameworks[0]?.code ?? '');
  const soa = useStatementOfApplicability(projectId, framework);
  const download = useDownloadStatementOfApplicability(projectId, framework);
  const [shown, setShown] = useState<Shown>('all');
  const [deciding, setDeciding] = useState<SoaDecision | null>(null);
  const items = soa.data?.items ?? [];
  const authorities = soa.data?.authorities_only ?? [];
  const deleted = soa.data?.deleted ?? [];
  const included = items.filter((item) => item.included).length;
  const counts: Record<Shown, number> = { all: items.length, included, excluded: items.length - included };
  const listed = shown === 'all' ? items : items.filter((item) => item.included === (shown === 'included'));
  const what = framework === 'ISO_IEC_42001' ? 'every Annex A control' : 'every requirement';

  return (
    <Box component="section" aria-labelledby="statement-of-applicability">
      <SectionHeading
        id="statement-of-applicability"
        level={3}
        title="Statement of applicability"
        description={soa.data ? `${soa.data.framework_name}: ${what}, whether it applies and why, with its legal basis.` : `${what[0]!.toUpperCase()}${what.slice(1)}, whether it applies and why.`}
        action={
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download.mutate()} loading={download.isPending} disabled={!soa.data}>
            Download CSV
          </Button>
        }
      />
      {frameworks.length > 1 && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={framework}
          onChange={(_, value: string | null) => {
            if (!value) return;
            setFramework(value);
            setShown('all');
          }}
          aria-label="Framework"
          sx={{ mb: 2 }}
        >
          {frameworks.map((f) => (
            <ToggleButton key={f.code} value={f.code}>
              {f.name}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <Paper variant="outlined">
        {(soa.isPending || soa.isFetching) && <LinearProgress aria-label="Loading the statement of applicability" />}
        {soa.isError && !soa.data && <RetryAlert onRetry={() => void soa.refetch()}>The statement of applicability could not be loaded.</RetryAlert>}
        {soa.data && (
          <>
            {soa.data.header && <SoaHeaderPanel header={soa.data.header} />}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
              <ToggleButtonGroup exclusive size="small" value={shown} onChange={(_, value: Shown | null) => value && setShown(value)} aria-label="Show requirements">
                <ToggleButton value="all">All ({counts.all})</ToggleButton>
                <ToggleButton value="included">Included ({counts.included})</ToggleButton>
                <ToggleButton value="excluded">Excluded ({counts.excluded})</ToggleButton>
              </ToggleButtonGroup>
              <Typography variant="body2" color="text.secondary">
                As of {formatDateTime(soa.data.generated_at)}
              </Typography>
            </Stack>
            {listed.length === 0 ? (
              <EmptyListText>{items.length === 0 ? `The framework has no ${framework === 'ISO_IEC_42001' ? 'Annex A control' : 'requirement'} in this project.` : `No ${shown} requirement.`}</EmptyListText>
            ) : (
              <SoaTable items={listed} labelledBy="statement-of-applicability" onDecide={canDecide ? setDeciding : undefined} />
            )}
            {authorities.length > 0 && (
              <Box component="section" aria-labelledby="soa-authorities-only" sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
                <Typography id="soa-authorities-only" variant="subtitle2" component="h4" sx={{ px: 2 }}>
                  Binds authorities only
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
                  Paragraphs that bind public authorities only, listed for reference: neither included nor excluded, and in no count.
                </Typography>
                <SoaTable items={authorities} labelledBy="soa-authorities-only" apart="Authorities only" />
              </Box>
            )}
            {deleted.length > 0 && (
              <Box component="section" aria-labelledby="soa-deleted" sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
                <Typography id="soa-deleted" variant="subtitle2" component="h4" sx={{ px: 2 }}>
                  Deleted by amendment
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
                  Provisions an amending act deleted, listed for reference with where their content went: never applicable, and in no count.
                </Typography>
                <SoaTable items={deleted} labelledBy="soa-deleted" apart="Deleted by amendment" />
              </Box>
            )}
          </>
        )}
      </Paper>
      <SoaDecisionDialog projectId={projectId} decision={deciding} onClose={() => setDeciding(null)} />
    </Box>
  );
}
