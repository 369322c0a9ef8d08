import type { OrganizationMember } from '@aegis/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
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
    <ConfirmDialog
      id="member-status"
      open={requested !== null}
      onClose={onClose}
      title={deactivating ? `Deactivate ${name}?` : `Reactivate ${name}?`}
      text={
        deactivating
          ? `${name} (${member?.email}) can no longer use this organization. Their sessions end immediately: they are signed out at once. You can reactivate them later.`
          : `${name} (${member?.email}) can sign in and work in this organization again, with the roles they held before.`
      }
      confirmLabel={deactivating ? 'Deactivate' : 'Reactivate'}
      destructive={deactivating}
      pending={update.isPending}
      onConfirm={() => void confirm().catch(() => undefined)}
    />
  );
}
