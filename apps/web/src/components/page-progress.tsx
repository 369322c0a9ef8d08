import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A centred spinner with a visible, and announced, description of what is happening. */
export function PageProgress({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}>
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
