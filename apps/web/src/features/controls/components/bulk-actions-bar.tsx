import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type Props = {
  count: number;
  /** Absent without controls:assignee_update. */
  onAssign?: () => void;
  onStatus: () => void;
  onClear: () => void;
};

/** What can be done to the selected rows; it says how many there are as the selection changes. */
export function BulkActionsBar({ count, onAssign, onStatus, onClear }: Props) {
  return (
    <Paper variant="outlined" component="section" aria-label="Selected controls" sx={{ px: 2, py: 1, mb: 1, bgcolor: 'action.selected' }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography role="status" sx={{ fontWeight: 600, mr: 'auto' }}>
          {count} selected
        </Typography>
        {onAssign && (
          <Button variant="outlined" size="small" onClick={onAssign}>
            Assign people…
          </Button>
        )}
        <Button variant="outlined" size="small" onClick={onStatus}>
          Change status…
        </Button>
        <Button size="small" onClick={onClear}>
          Clear selection
        </Button>
      </Stack>
    </Paper>
  );
}
