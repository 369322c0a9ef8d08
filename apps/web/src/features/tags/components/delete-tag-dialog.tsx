import type { Tag } from '@aegis/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRetained } from '../../../components/use-retained';
import { notifySuccess } from '../../../lib/notifier';
import { useDeleteTag } from '../api/delete-tag';

type Props = { organizationId: string; tag: Tag | null; onClose: () => void };

export function DeleteTagDialog({ organizationId, tag: requested, onClose }: Props) {
  const tag = useRetained(requested);
  const remove = useDeleteTag(organizationId);
  const confirm = async () => {
    if (!tag) return;
    await remove.mutateAsync(tag.tag_id);
    notifySuccess(`Tag “${tag.name}” deleted`);
    onClose();
  };
  return (
    <ConfirmDialog
      id="delete-tag"
      open={requested !== null}
      onClose={onClose}
      title={`Delete tag “${tag?.name ?? ''}”?`}
      text="Whatever it labels in the organization's projects loses the label. This cannot be undone."
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      onConfirm={() => void confirm().catch(() => undefined)}
    />
  );
}
