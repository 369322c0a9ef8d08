import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { STATUS_STYLES, statusColour } from '../../../components/status-styles';
import { RESULT_LABELS, RESULT_MEANINGS, type ResultState } from '../testing-labels';

type Props = {
  result: ResultState;
  /** Shows the outcome's name beside the icon; without it the icon carries it as its accessible name. */
  withLabel?: boolean;
};

/** A test's outcome with the spec's icons: passed (green check), failed (red), error (amber), or never run (grey). */
export function ResultIcon({ result, withLabel = false }: Props) {
  const theme = useTheme();
  const Icon = result === 'never_run' ? HelpOutlineIcon : STATUS_STYLES[result].Icon;
  const colour = result === 'never_run' ? theme.palette.text.disabled : statusColour(theme, result);
  const label = RESULT_LABELS[result];
  const icon = withLabel ? (
    <Icon aria-hidden fontSize="small" sx={{ color: colour }} />
  ) : (
    <Icon role="img" aria-label={label} aria-hidden={false} fontSize="small" sx={{ color: colour }} />
  );
  return (
    <Tooltip title={RESULT_MEANINGS[result]} describeChild>
      <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center', display: 'inline-flex' }} data-result={result}>
        {icon}
        {withLabel && (
          <Typography component="span" variant="body2">
            {label}
          </Typography>
        )}
      </Stack>
    </Tooltip>
  );
}
