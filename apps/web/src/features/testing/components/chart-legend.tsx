import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { statusColour } from '../../../components/status-styles';

/** The chart's key, as text beside coloured marks (the chart itself is hidden from screen readers). */
export function ChartLegend({ between }: { between: boolean }) {
  const theme = useTheme();
  const items = [
    { label: 'Value (mean per period)', mark: <Box sx={{ width: 18, height: 3, bgcolor: 'primary.main' }} /> },
    { label: between ? 'Bounds' : 'Threshold', mark: <Box sx={{ width: 18, borderTop: 2, borderStyle: 'dashed', borderColor: 'text.secondary' }} /> },
    ...(['passed', 'failed', 'error'] as const).map((status) => ({
      label: { passed: 'Passed run', failed: 'Failed run', error: 'Run with an error (on the threshold)' }[status],
      mark: <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: statusColour(theme, status) }} />,
    })),
  ];
  return (
    <Stack component="ul" direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 1 }} aria-label="Chart key">
      {items.map((item) => (
        <Stack component="li" key={item.label} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <span aria-hidden>{item.mark}</span>
          <Typography variant="caption">{item.label}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
