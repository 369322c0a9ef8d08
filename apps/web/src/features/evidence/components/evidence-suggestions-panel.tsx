import { useState } from 'react';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { EVIDENCE_FILE_TYPE_LABELS, EVIDENCE_SUGGESTION_MIN_RELEVANCE, type EvidenceSuggestion, type ProjectPermission, type WorkItemStatus } from '@aegis/contracts';
import { DetailSection } from '../../../components/detail-section';
import { RetryAlert } from '../../../components/retry-alert';
import { errorDetail } from '../../../lib/errors';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notifier';
import { useAcceptEvidenceSuggestion, useEvidenceSuggestions, useRunEvidenceSuggestions } from '../api/suggestions-api';
import { DismissSuggestionDialog } from './evidence-suggestions-dismiss-dialog';
import { EvidenceSuggestionsPassage } from './evidence-suggestions-passage';
import { evidenceDetailPath } from '../evidence-paths';

type Props = {
  projectId: string;
  controlCode: string;
  rights: readonly ProjectPermission[];
  /** The control's status: an approved control takes no new link until reopened. */
  controlStatus?: WorkItemStatus;
};

const SOURCE_LABELS: Record<EvidenceSuggestion['source'], string> = { full_text: 'Full-text match', model: 'Ranked by model' };

const percent = (relevance: number) => `${Math.round(relevance * 100)}%`;
/** The API proposes nothing below it; said where suggestions are shown. */
const FLOOR = percent(EVIDENCE_SUGGESTION_MIN_RELEVANCE);

function Relevance({ value }: { value: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 160 }}>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        Relevance {percent(value)}
      </Typography>
      <LinearProgress variant="determinate" value={Math.round(value * 100)} aria-hidden sx={{ flexGrow: 1, maxWidth: 96, height: 6, borderRadius: 3 }} />
    </Box>
  );
}

function EvidenceName({ projectId, suggestion }: { projectId: string; suggestion: EvidenceSuggestion }) {
  const { evidence } = suggestion;
  return (
    <>
      <Link component={RouterLink} to={evidenceDetailPath(projectId, evidence.id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {evidence.name}
      </Link>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[evidence.file_name !== evidence.name && evidence.file_name, EVIDENCE_FILE_TYPE_LABELS[evidence.file_type], formatFileSize(evidence.size)].filter(Boolean).join(' · ')}
      </Typography>
    </>
  );
}

const rowSx = { py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } } as const;

/**
 * Evidence proposed for a control (GOVERNANCE-MODEL section 8): the project's files ranked by how well
 * their text answers the control's objective and guidance, each with its relevance, the matched passage
 * and how it was ranked. Nothing is linked until a person accepts; a dismissed one is not proposed again.
 * Decided proposals fold away below the open ones.
 */
export function EvidenceSuggestionsPanel({ projectId, controlCode, rights, controlStatus }: Props) {
  const suggestions = useEvidenceSuggestions(projectId, controlCode);
  const run = useRunEvidenceSuggestions(projectId, controlCode);
  const accept = useAcceptEvidenceSuggestion(projectId, controlCode);
  const [dismissing, setDismissing] = useState<EvidenceSuggestion | null>(null);
  const [showDecided, setShowDecided] = useState(false);
  // Decided here: shown folded away even when the server's list (which may hold only open proposals) no longer has them.
  const [decidedHere, setDecidedHere] = useState<EvidenceSuggestion[]>([]);
  const remember = (suggestion: EvidenceSuggestion) => setDecidedHere((current) => [suggestion, ...current.filter((item) => item.id !== suggestion.id)]);
  const canRun = rights.includes('evidences:suggestions_agent_run');
  const canDecide = rights.includes('evidences:update');
  const locked = controlStatus === 'approved';

  const proposed = suggestions.data?.items.filter((item) => item.status === 'proposed') ?? [];
  const listed = suggestions.data?.items ?? [];
  const decided = [...decidedHere.filter((item) => !listed.some((other) => other.id === item.id)), ...listed.filter((item) => item.status !== 'proposed')];

  let body;
  if (suggestions.isPending) body = <LinearProgress aria-label="Loading the suggested evidence" />;
  else if (suggestions.isError) body = <RetryAlert onRetry={() => void suggestions.refetch()}>The suggested evidence could not be loaded.</RetryAlert>;
  else {
    const { ran_at: ranAt, model_used: modelUsed } = suggestions.data;
    body = (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {ranAt
            ? `Last suggested ${formatDateTime(ranAt)}${modelUsed ? ', reranked by the configured model' : ', by full-text ranking'}.`
            : `Files of the project whose text best answers this control’s objective and guidance. Nothing is linked until someone accepts.`}{' '}
          Files below {FLOOR} relevance are not proposed.
        </Typography>
        {ranAt && proposed.length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            No evidence to propose: no other file of the project reaches {FLOOR} relevance to this control’s text.
          </Typography>
        )}
        {proposed.length > 0 && (
          <Box component="ul" aria-label={`Evidence suggested for ${controlCode}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {proposed.map((suggestion) => (
              <Box component="li" key={suggestion.id} aria-label={suggestion.evidence.name} sx={rowSx}>
                <EvidenceName projectId={projectId} suggestion={suggestion} />
                <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5, alignItems: 'center' }}>
                  <Relevance value={suggestion.relevance} />
                  <Chip size="small" variant="outlined" icon={suggestion.source === 'model' ? <AutoAwesomeOutlinedIcon aria-hidden /> : undefined} label={SOURCE_LABELS[suggestion.source]} />
                </Stack>
                {suggestion.reason && <EvidenceSuggestionsPassage text={suggestion.reason} />}
                {canDecide && (
                  <Stack direction="row" useFlexGap sx={{ gap: 1, mt: 1 }}>
                    <Button
                      size="small"
                      variant="contained"
                      disabled={locked || accept.isPending}
                      aria-label={`Accept ${suggestion.evidence.name}`}
                      onClick={() =>
                        accept.mutate(suggestion.id, {
                          onSuccess: (accepted) => {
                            remember(accepted);
                            notifySuccess(`“${suggestion.evidence.name}” linked to ${controlCode}`);
                          },
                        })
                      }
                    >
                      Accept
                    </Button>
                    <Button size="small" variant="outlined" aria-label={`Dismiss ${suggestion.evidence.name}`} onClick={() => setDismissing(suggestion)}>
                      Dismiss
                    </Button>
                  </Stack>
                )}
              </Box>
            ))}
          </Box>
        )}
        {decided.length > 0 && (
          <Box sx={{ mt: 1 }}>
            <Button
              size="small"
              onClick={() => setShowDecided((open) => !open)}
              aria-expanded={showDecided}
              aria-controls="evidence-suggestions-decided"
              endIcon={showDecided ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            >
              {showDecided ? 'Hide' : 'Show'} {decided.length} decided
            </Button>
            <Collapse in={showDecided} unmountOnExit>
              <Box component="ul" id="evidence-suggestions-decided" aria-label="Decided suggestions" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {decided.map((suggestion) => (
                  <Box component="li" key={suggestion.id} sx={rowSx}>
                    <EvidenceName projectId={projectId} suggestion={suggestion} />
                    <Typography variant="body2" color="text.secondary">
                      {suggestion.status === 'accepted' ? 'Accepted' : 'Dismissed'}
                      {suggestion.decided_by ? ` by ${suggestion.decided_by.name || suggestion.decided_by.email}` : ''}
                      {suggestion.decided_at ? ` on ${formatDateTime(suggestion.decided_at)}` : ''} · relevance {percent(suggestion.relevance)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Collapse>
          </Box>
        )}
      </>
    );
  }

  const failure = run.isError ? errorDetail(run.error) : accept.isError ? errorDetail(accept.error) : null;
  return (
    <DetailSection id="control-evidence-suggestions" title="Suggested evidence">
      {body}
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      {canDecide && locked && proposed.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.75, alignItems: 'center', mt: 1 }}>
          <LockOutlinedIcon fontSize="small" aria-hidden />
          {controlCode} is approved: reopen it to accept evidence.
        </Typography>
      )}
      {canRun && (
        <Button variant="outlined" startIcon={<AutoAwesomeOutlinedIcon />} sx={{ mt: 2 }} disabled={run.isPending || suggestions.isPending} onClick={() => run.mutate()}>
          {run.isPending ? 'Suggesting…' : 'Suggest evidence'}
        </Button>
      )}
      {run.isPending && <LinearProgress aria-label="Ranking the project’s evidence" sx={{ mt: 1 }} />}
      {dismissing && <DismissSuggestionDialog key={dismissing.id} projectId={projectId} controlCode={controlCode} suggestion={dismissing} onDismissed={remember} onClose={() => setDismissing(null)} />}
    </DetailSection>
  );
}
