import EventBusyIcon from '@mui/icons-material/EventBusy';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ControlListItem } from '@aegis/contracts';
import { formatDate } from '../../../lib/format';
import { isOverdue } from './control-labels';

/** A control's due date, DD-MM-YYYY; past it and still open, marked "Overdue" with an icon, not by colour alone. */
export function DueDateText({ control, empty = '—' }: { control: Pick<ControlListItem, 'due_date' | 'status'>; empty?: string }) {
  if (!control.due_date) {
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  }
  const late = isOverdue(control);
  return (
    <Box sx={{ color: late ? (theme) => (theme.palette.mode === 'dark' ? theme.palette.error.light : theme.palette.error.dark) : undefined }}>
      <Typography variant="body2" component="time" dateTime={control.due_date} sx={{ display: 'block', whiteSpace: 'nowrap', fontWeight: late ? 600 : undefined }}>
        {formatDate(control.due_date)}
      </Typography>
      {late && (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <EventBusyIcon aria-hidden sx={{ fontSize: 16 }} />
          <Typography component="span" variant="caption" sx={{ fontWeight: 600 }}>
            Overdue
          </Typography>
        </Box>
      )}
    </Box>
  );
}
