import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { OrganizationMember } from '@aegis/contracts';
import { useRetained } from '../../../components/use-retained';
import { notifySuccess } from '../../../lib/notifier';
import { useUpdateMemberStatus } from '../api/update-member-status';
import { displayName } from './member-labels';

type Props = { organizationId: string; member: OrganizationMember | null; onClose: () => void };

/** Deactivates an active member or reactivates a deactivated one, after saying what that means. */
export function MemberStatusDialog({ organizationId, member: requested, onClose }: Props) {
  const member = useRetained(requested);
  const update = useUpdateMemberStatus(organizationId);
  const deactivating = member?.activation_status === 'active';
  const name = member ? displayName(member) : '';

  const confirm = async () => {
    if (!member) return;
    await update.mutateAsync({ userId: member.user_id, status: deactivating ? 'deactivated' : 'active' });
    notifySuccess(deactivating ? `${name} deactivated` : `${name} reactivated`);
    onClose();
  };

  return (
    <Dialog open={requested !== null} onClose={onClose} aria-labelledby="member-status-title" aria-describedby="member-status-text">
      <DialogTitle id="member-status-title">{deactivating ? `Deactivate ${name}?` : `Reactivate ${name}?`}</DialogTitle>
      <DialogContent>
        <DialogContentText id="member-status-text">
          {deactivating
            ? `${name} (${member?.email}) can no longer use this organization. Their sessions end immediately: they are signed out at once. You can reactivate them later.`
            : `${name} (${member?.email}) can sign in and work in this organization again, with the roles they held before.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button
          color={deactivating ? 'error' : 'primary'}
          variant="contained"
          loading={update.isPending}
          onClick={() => void confirm().catch(() => undefined)}
        >
          {deactivating ? 'Deactivate' : 'Reactivate'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
