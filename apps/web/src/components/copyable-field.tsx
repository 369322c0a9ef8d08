import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { copyToClipboard } from './clipboard';
import { notifyError, notifySuccess } from '../lib/notifier';

type Props = {
  label: string;
  value: string;
  /** Names the Copy button. */
  copyLabel: string;
  /** Shows copyLabel as a tooltip on the Copy button too. */
  tooltip?: boolean;
  /** The notice once copied, and the one when the browser refuses. */
  copied: string;
  copyFailed: string;
};

/** A read-only secret in monospace with a Copy button; focusing it selects it, to copy by hand. */
export function CopyableField({ label, value, copyLabel, tooltip, copied, copyFailed }: Props) {
  const copy = async () => {
    if (await copyToClipboard(value)) notifySuccess(copied);
    else notifyError(copyFailed);
  };
  const button = (
    <IconButton aria-label={copyLabel} onClick={() => void copy()} edge="end">
      <ContentCopyIcon />
    </IconButton>
  );

  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      onFocus={(event) => event.target.select()}
      slotProps={{
        htmlInput: { readOnly: true, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } },
        input: { endAdornment: <InputAdornment position="end">{tooltip ? <Tooltip title={copyLabel}>{button}</Tooltip> : button}</InputAdornment> },
      }}
    />
  );
}
