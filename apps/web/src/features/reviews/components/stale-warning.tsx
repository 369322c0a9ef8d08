import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { Review } from '@aegis/contracts';
import { changeText, fieldLabel } from './review-labels';

/** The object changed while its review was pending: what changed, and that an approval would not cover it. */
export function StaleWarning({ changes }: { changes: Review['changes'] }) {
  return (
    <Alert severity="warning">
      <AlertTitle>Changed since the review was requested</AlertTitle>
      An approval would not apply to what was asked to be reviewed: reject it with a comment, or the requester cancels it and asks again.
      {changes.length > 0 && (
        <Box component="ul" aria-label="What changed" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {changes.map((change) => (
            <li key={change.field}>
              <strong>{fieldLabel(change.field)}</strong>
              {`: ${changeText(change.field, change.before, change.after)}`}
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
