import type { OrganizationMember } from '@aegis/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
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
    <ConfirmDialog
      id="cancel-invitation"
      open={requested !== null}
      onClose={onClose}
      title={`Cancel the invitation for ${name}?`}
      text="Their sign-up link stops working at once. You can invite them again later."
      cancelLabel="Keep invitation"
      confirmLabel="Cancel invitation"
      destructive
      pending={cancel.isPending}
      onConfirm={() => void confirm().catch(() => undefined)}
    />
  );
}
