import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { notifySuccess } from '../../../lib/notifier';
import { useRestoreOrganizationConfig } from '../api/put-organization-config';

type Props = { organizationId: string; open: boolean; onClose: () => void };

export function RestoreDefaultsDialog({ organizationId, open, onClose }: Props) {
  const restore = useRestoreOrganizationConfig(organizationId);
  const confirm = async () => {
    await restore.mutateAsync();
    notifySuccess('Default settings restored');
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="restore-defaults-title" aria-describedby="restore-defaults-text">
      <DialogTitle id="restore-defaults-title">Restore the default settings?</DialogTitle>
      <DialogContent>
        <DialogContentText id="restore-defaults-text">
          Vendor management and user management are switched on; evidence scoring, control assessment and content management are switched off,
          for everyone in the organization.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" loading={restore.isPending} onClick={() => void confirm().catch(() => undefined)}>
          Restore defaults
        </Button>
      </DialogActions>
    </Dialog>
  );
}
