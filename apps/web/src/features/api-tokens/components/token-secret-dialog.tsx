import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useRetained } from '../../../components/use-retained';
import type { CreatedApiToken } from '@aegis/contracts';
import { notifyError, notifySuccess } from '../../../lib/notifier';

type Props = { token: CreatedApiToken | null; onClose: () => void };

/** Shows a new token's secret: the only time it is ever visible. */
export function TokenSecretDialog({ token: requested, onClose }: Props) {
  const token = useRetained(requested);
  const copy = async () => {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token.token);
      notifySuccess('Token copied to the clipboard');
    } catch {
      notifyError('Could not copy automatically: select the token and copy it yourself.');
    }
  };

  return (
    <Dialog open={requested !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="token-secret-title">
      <DialogTitle id="token-secret-title">Token “{token?.name}” created</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy this token now. It will not be shown again.
        </Alert>
        <TextField
          label="Token"
          value={token?.token ?? ''}
          fullWidth
          onFocus={(event) => event.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label="Copy token" onClick={() => void copy()} edge="end">
                    <ContentCopyIcon />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
