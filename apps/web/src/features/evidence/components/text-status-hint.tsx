import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { TEXT_STATUS_LABELS, type TextStatus } from '@aegis/contracts';

type Props = {
  status: TextStatus;
  /** Why the text could not be read, when known. */
  error?: string | null;
  /** Also say it when the text is searchable (the detail page); lists only mention what is not. */
  always?: boolean;
};

/** Whether the file's text is searchable yet: reading, unreadable (why), too large, none to search. */
export function TextStatusHint({ status, error, always = false }: Props) {
  if (status === 'extracted' && !always) return null;
  const text = TEXT_STATUS_LABELS[status];
  const line = (
    <Typography component="span" variant="caption" color={status === 'failed' ? 'error' : 'text.secondary'} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {status === 'pending' && <HourglassEmptyIcon aria-hidden sx={{ fontSize: 14 }} />}
      {text}
      {error ? `: ${error}` : ''}
    </Typography>
  );
  return <Box>{error && !always ? <Tooltip title={error}>{line}</Tooltip> : line}</Box>;
}
