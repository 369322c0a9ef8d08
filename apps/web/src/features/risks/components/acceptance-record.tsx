import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCEPTANCE_STATUS_LABELS, RISK_LEVEL_LABELS, type RiskAcceptance } from '@aegis/contracts';
import { formatDate, formatDateTime } from '../../../lib/format';
import { scoresInShort } from '../risk-labels';

const who = (person: { name: string } | null) => person?.name ?? 'someone no longer here';

/**
 * One acceptance record as an auditor reads it: its state, what was accepted (the level and the scores
 * at that moment), why, who proposed and who approved it and when, until when it holds, and whether the
 * risk has changed since or it was revoked.
 */
export function AcceptanceRecord({ acceptance, compact = false }: { acceptance: RiskAcceptance; compact?: boolean }) {
  const level = (value: keyof typeof RISK_LEVEL_LABELS) => RISK_LEVEL_LABELS[value].toLowerCase();
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Chip size="small" variant="outlined" color={acceptance.status === 'active' ? 'success' : acceptance.status === 'awaiting_review' ? 'warning' : 'default'} label={ACCEPTANCE_STATUS_LABELS[acceptance.status]} />
        <Typography variant="body2">
          Accepted at <strong>{level(acceptance.accepted_level)}</strong>
        </Typography>
      </Stack>
      <Stack spacing={0.5} component="dl" sx={{ m: 0, '& dt': { typography: 'subtitle2', display: 'inline' }, '& dd': { m: 0, display: 'inline', typography: 'body2' }, '& div': { overflowWrap: 'anywhere' } }}>
        <div>
          <dt>Rationale: </dt>
          <dd>“{acceptance.justification}”</dd>
        </div>
        <div>
          <dt>Scores then: </dt>
          <dd>
            inherent {scoresInShort(acceptance.likelihood, acceptance.impact)} ({level(acceptance.inherent_level)}), residual {scoresInShort(acceptance.residual_likelihood, acceptance.residual_impact)} (
            {level(acceptance.residual_level)})
          </dd>
        </div>
        <div>
          <dt>Proposed: </dt>
          <dd>
            by {who(acceptance.proposed_by)} on <time dateTime={acceptance.proposed_at}>{formatDateTime(acceptance.proposed_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Approved: </dt>
          <dd>
            {acceptance.approved_at ? (
              <>
                by {who(acceptance.approved_by)} on <time dateTime={acceptance.approved_at}>{formatDateTime(acceptance.approved_at)}</time>
                {acceptance.approval_forced ? ' (forced, without a reviewer)' : ''}
              </>
            ) : (
              'not yet — a review must approve the risk'
            )}
          </dd>
        </div>
        <div>
          <dt>Review by: </dt>
          <dd>
            <time dateTime={acceptance.review_date}>{formatDate(acceptance.review_date)}</time>
            {acceptance.expired ? ' (passed)' : ''}
          </dd>
        </div>
        {acceptance.revoked_at && (
          <div>
            <dt>Revoked: </dt>
            <dd>
              by {who(acceptance.revoked_by)} on <time dateTime={acceptance.revoked_at}>{formatDateTime(acceptance.revoked_at)}</time>
              {acceptance.revoke_reason ? ` — “${acceptance.revoke_reason}”` : ''}
            </dd>
          </div>
        )}
      </Stack>
      {!compact && acceptance.expired && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          Its review date has passed: look at the risk again and accept it anew, or treat it otherwise.
        </Alert>
      )}
      {!compact && acceptance.stale && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          The risk has changed since it was accepted, so the acceptance no longer covers it: {acceptance.stale_reasons.join('; ')}.
        </Alert>
      )}
    </Box>
  );
}
