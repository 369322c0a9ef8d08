import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { OrganizationMember } from '@aegis/contracts';
import { useRetained } from '../../../components/use-retained';
import { notifySuccess } from '../../../lib/notifier';
import { useCancelInvitation } from '../api/cancel-invitation';
import { displayName } from './member-labels';

type Props = { organizationId: string; member: OrganizationMember | null; onClose: () => void };

export function CancelInvitationDialog({ organizationId, member: requested, onClose }: Props) {
  const member = useRetained(requested);
  const cancel = useCancelInvitation(organizationId);
  const name = member ? displayName(member) : '';

  const confirm = async () => {
    if (!member) return;
    await cancel.mutateAsync(member.user_id);
    notifySuccess(`Invitation for ${name} cancelled`);
    onClose();
  };

  return (
    <Dialog open={requested !== null} onClose={onClose} aria-labelledby="cancel-invitation-title" aria-describedby="cancel-invitation-text">
      <DialogTitle id="cancel-invitation-title">{`Cancel the invitation for ${name}?`}</DialogTitle>
      <DialogContent>
        <DialogContentText id="cancel-invitation-text">
          Their sign-up link stops working at once. You can invite them again later.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Keep invitation
        </Button>
        <Button color="error" variant="contained" loading={cancel.isPending} onClick={() => void confirm().catch(() => undefined)}>
          Cancel invitation
        </Button>
      </DialogActions>
    </Dialog>
  );
}
