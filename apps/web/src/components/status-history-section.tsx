import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { WORK_ITEM_STATUS_LABELS, type StatusChange } from '@aegis/contracts';
import { formatDateTime } from '../lib/format';
import { DetailSection } from './detail-section';

/** Every status the control went through, newest first, with who moved it and why; a forced approval says so. */
export function StatusHistorySection({ id, history, emptyText = 'Ready since it was added; no change yet.' }: { id: string; history: readonly StatusChange[]; emptyText?: string }) {
  return (
    <DetailSection id={id} title="Status history">
      {history.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {history.map((change) => (
            <Box component="li" key={`${change.at}-${change.to}`} sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {change.from ? `${WORK_ITEM_STATUS_LABELS[change.from]} → ` : ''}
                {WORK_ITEM_STATUS_LABELS[change.to]}
                {change.forced && ' (forced, without a review)'}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {change.by?.name ?? 'Automatically'} · <time dateTime={change.at}>{formatDateTime(change.at)}</time>
              </Typography>
              {change.justification && <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>“{change.justification}”</Typography>}
            </Box>
          ))}
        </Box>
      )}
    </DetailSection>
  );
}
