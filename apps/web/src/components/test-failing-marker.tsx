import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * A control with a linked automated test whose latest result failed (issue 32): an icon and the words,
 * never colour alone. It advises; the control's status stays what people set.
 */
export function TestFailingMarker() {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: (theme) => (theme.palette.mode === 'dark' ? theme.palette.error.light : theme.palette.error.dark) }}>
      <ScienceOutlinedIcon aria-hidden sx={{ fontSize: 18 }} />
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        Test failing
      </Typography>
    </Box>
  );
}
