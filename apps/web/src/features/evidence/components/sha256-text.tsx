import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { copyToClipboard } from '../../../components/clipboard';
import { notifyError, notifySuccess } from '../../../lib/notifier';

type Props = {
  sha256: string;
  /** Only the first characters, the whole hash in a tooltip (tables); the whole of it otherwise. */
  short?: boolean;
  /** Whose hash it is, for the Copy button's name: "Copy the SHA-256 of version 2". */
  of?: string;
};

/** A file's SHA-256 in monospace, with a button that copies the whole of it (to compare with a file's own hash). */
export function Sha256Text({ sha256, short = false, of }: Props) {
  const copy = async () => {
    if (await copyToClipboard(sha256)) notifySuccess('SHA-256 copied');
    else notifyError('The browser did not let the hash be copied: select it and copy it by hand.');
  };
  const text = (
    <Box component="code" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere', wordBreak: 'break-all' }}>
      {short ? `${sha256.slice(0, 12)}…` : sha256}
    </Box>
  );
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
      {short ? <Tooltip title={sha256}>{text}</Tooltip> : text}
      <Tooltip title="Copy the SHA-256">
        <IconButton size="small" aria-label={of ? `Copy the SHA-256 of ${of}` : 'Copy the SHA-256'} onClick={() => void copy()}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
