import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A risk whose residual level is above the organization's appetite: an icon and the words, never colour alone. */
export function AboveAppetiteMarker({ compact = false }: { compact?: boolean }) {
  return (
    <Box
      component="span"
      title="Its residual level is above the organization's risk appetite"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: (theme) => (theme.palette.mode === 'dark' ? theme.palette.error.light : theme.palette.error.dark) }}
    >
      <TrendingUpIcon aria-hidden sx={{ fontSize: 18 }} />
      <Typography component="span" variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {compact ? 'Above appetite' : 'Above the risk appetite'}
      </Typography>
    </Box>
  );
}
