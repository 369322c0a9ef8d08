import type { ApiToken } from '@aegis/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRetained } from '../../../components/use-retained';
import { notifySuccess } from '../../../lib/notifier';
import { useDeleteApiToken } from '../api/delete-api-token';

type Props = { token: ApiToken | null; onClose: () => void };

export function DeleteTokenDialog({ token: requested, onClose }: Props) {
  const token = useRetained(requested);
  const remove = useDeleteApiToken();
  const confirm = async () => {
    if (!token) return;
    await remove.mutateAsync(token.token_id);
    notifySuccess(`Token “${token.name}” deleted`);
    onClose();
  };
  return (
    <ConfirmDialog
      id="delete-token"
      open={requested !== null}
      onClose={onClose}
      title={`Delete token “${token?.name ?? ''}”?`}
      text="Scripts and integrations that use this token stop working immediately. This cannot be undone."
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      onConfirm={() => void confirm().catch(() => undefined)}
    />
  );
}
