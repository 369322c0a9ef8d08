import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

type Props = {
  /** Why an automated signal flagged it (a failing test, expired evidence). */
  reason?: string | null;
  /** The reason on a line of its own under the marker. */
  showReason?: boolean;
};

/**
 * A work item an automated signal flagged (GOVERNANCE-MODEL.md section 3): an icon and the words,
 * never colour alone. It advises; the status stays what people set.
 */
export function NeedsAttentionMarker({ reason, showReason = true }: Props) {
  return (
    <Box sx={{ color: (theme) => (theme.palette.mode === 'dark' ? theme.palette.error.light : theme.palette.error.dark), minWidth: 0 }}>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <FlagOutlinedIcon aria-hidden sx={{ fontSize: 18 }} />
        <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
          Needs attention
        </Typography>
      </Box>
      {showReason && reason && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {reason}
        </Typography>
      )}
    </Box>
  );
}
