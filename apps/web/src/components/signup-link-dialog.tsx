import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { CopyableField } from './copyable-field';
import { ShownOnceDialog } from './shown-once-dialog';
import { useRetained } from './use-retained';
import { formatDateTime } from '../lib/format';

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
  return (
    <ShownOnceDialog id="signup-link" open={requested !== null} onClose={onClose} title={link?.title} describedBy="signup-link-text">
      <Alert severity={link?.emailSent ? 'success' : 'info'} id="signup-link-text" sx={{ mb: 2 }}>
        {link?.emailSent
          ? `We e-mailed this link to ${link.email}. You can also share it yourself: it lets them create their account and join the organization.`
          : `No e-mail was sent. Share this link with ${link?.email ?? ''} yourself: it lets them create their account and join the organization.`}{' '}
        It cannot be shown again; a new link replaces it.
      </Alert>
      <CopyableField
        label="Sign-up link"
        value={link?.signup_link ?? ''}
        copyLabel="Copy sign-up link"
        tooltip
        copied="Sign-up link copied to the clipboard"
        copyFailed="Could not copy automatically: select the link and copy it yourself."
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {`The link works until ${formatDateTime(link?.expires_at)}.`}
      </Typography>
    </ShownOnceDialog>
  );
}
