import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { copyToClipboard } from './clipboard';
import { useRetained } from './use-retained';
import { formatDateTime } from '../lib/format';
import { notifyError, notifySuccess } from '../lib/notifier';

export type ShownSignupLink = {
  title: string;
  email: string;
  signup_link: string;
  expires_at: string;
  /** The server e-mailed the link too (only where it has a mail server). */
  emailSent: boolean;
};

type Props = { link: ShownSignupLink | null; onClose: () => void };

/** A sign-up link to hand over, unless the server e-mailed it; either way this is the only time it shows (the server keeps only its hash). */
export function SignupLinkDialog({ link: requested, onClose }: Props) {
  const link = useRetained(requested);
  const copy = async () => {
    if (!link) return;
    if (await copyToClipboard(link.signup_link)) notifySuccess('Sign-up link copied to the clipboard');
    else notifyError('Could not copy automatically: select the link and copy it yourself.');
  };

  return (
    <Dialog open={requested !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="signup-link-title" aria-describedby="signup-link-text">
      <DialogTitle id="signup-link-title">{link?.title}</DialogTitle>
      <DialogContent>
        <Alert severity={link?.emailSent ? 'success' : 'info'} id="signup-link-text" sx={{ mb: 2 }}>
          {link?.emailSent
            ? `We e-mailed this link to ${link.email}. You can also share it yourself: it lets them create their account and join the organization.`
            : `No e-mail was sent. Share this link with ${link?.email ?? ''} yourself: it lets them create their account and join the organization.`}{' '}
          It cannot be shown again; a new link replaces it.
        </Alert>
        <TextField
          label="Sign-up link"
          value={link?.signup_link ?? ''}
          fullWidth
          onFocus={(event) => event.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title="Copy sign-up link">
                    <IconButton aria-label="Copy sign-up link" onClick={() => void copy()} edge="end">
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {`The link works until ${formatDateTime(link?.expires_at)}.`}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
