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
import { copyToClipboard } from '../../../components/clipboard';
import { useRetained } from '../../../components/use-retained';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notifier';
import type { CreatedOrganization } from '../api/create-organization';

type Props = { organization: CreatedOrganization | null; onClose: () => void };

/** A new organization's first-admin sign-up link: no e-mail goes out, and it is shown this once. */
export function InvitationLinkDialog({ organization: requested, onClose }: Props) {
  const organization = useRetained(requested);
  const invitation = organization?.admin_invitation;
  const copy = async () => {
    if (!invitation) return;
    if (await copyToClipboard(invitation.signup_link)) notifySuccess('Sign-up link copied to the clipboard');
    else notifyError('Could not copy automatically: select the link and copy it yourself.');
  };

  return (
    <Dialog
      open={requested !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="invitation-link-title"
      aria-describedby="invitation-link-text"
    >
      <DialogTitle id="invitation-link-title">Organization “{organization?.name}” created</DialogTitle>
      <DialogContent>
        <Alert severity="info" id="invitation-link-text" sx={{ mb: 2 }}>
          No e-mail is sent. Share this link with {invitation?.email} yourself: it lets them create their account and join{' '}
          {organization?.name} as its admin. It is not shown again.
        </Alert>
        <TextField
          label="Sign-up link"
          value={invitation?.signup_link ?? ''}
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
          {`The link works until ${formatDateTime(invitation?.expires_at)}.`}
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
