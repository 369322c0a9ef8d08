import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Review } from '@aegis/contracts';
import { PersonAvatar } from '../../../components/people-names';
import { StatusChip } from '../../../components/status-chip';
import { formatDateTime } from '../../../lib/format';

type Entry = Review['reviewers'][number];

function Decision({ entry }: { entry: Entry }) {
  if (entry.decision === 'pending') return <StatusChip status="in_review" label="Awaiting decision" />;
  if (entry.decision === 'cancelled') return <StatusChip status="cancelled" label="Not needed" />;
  return <StatusChip status={entry.decision} />;
}

/** Each reviewer of a review with their decision, when they made it and what they said. */
export function ReviewerDecisions({ reviewers, label }: { reviewers: Review['reviewers']; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {reviewers.map((entry) => (
        <Box component="li" key={entry.reviewer.id} sx={{ py: 1 }}>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <PersonAvatar person={entry.reviewer} />
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {entry.reviewer.name || entry.reviewer.email}
            </Typography>
            <Decision entry={entry} />
            {entry.decided_at && entry.decision !== 'cancelled' && (
              <Typography variant="body2" color="text.secondary" component="time" dateTime={entry.decided_at}>
                {formatDateTime(entry.decided_at)}
              </Typography>
            )}
          </Stack>
          {entry.comment && (
            <Typography variant="body2" sx={{ mt: 0.5, ml: 4, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              “{entry.comment}”
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
