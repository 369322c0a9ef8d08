import { ConfirmDialog } from '../../../components/confirm-dialog';
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
    <ConfirmDialog
      id="restore-defaults"
      open={open}
      onClose={onClose}
      title="Restore the default settings?"
      text="Vendor management and user management are switched on; evidence scoring, control assessment and content management are switched off, for everyone in the organization."
      confirmLabel="Restore defaults"
      pending={restore.isPending}
      onConfirm={() => void confirm().catch(() => undefined)}
    />
  );
}
