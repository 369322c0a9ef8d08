import type { HealthState } from '@aegis/contracts';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export const HEALTH_STATE_TEXT: Record<HealthState, string> = {
  ok: 'Operational',
  degraded: 'Degraded',
  unavailable: 'Unavailable',
};

const STYLE = {
  ok: { Icon: CheckCircleOutlinedIcon, color: 'success.main' },
  degraded: { Icon: WarningAmberIcon, color: 'warning.main' },
  unavailable: { Icon: ErrorOutlinedIcon, color: 'error.main' },
} as const;

/** A state as an icon in its colour and its name in words: never colour alone. */
export function HealthStateLabel({ state }: { state: HealthState }) {
  const { Icon, color } = STYLE[state];
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}>
      <Icon fontSize="small" sx={{ color }} aria-hidden />
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        {HEALTH_STATE_TEXT[state]}
      </Typography>
    </Box>
  );
}
