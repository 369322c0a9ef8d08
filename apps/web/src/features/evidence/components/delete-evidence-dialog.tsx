import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useDeleteEvidence } from '../api/evidence-api';

type Props = {
  projectId: string;
  /** The evidence to delete; the dialog is closed when null. */
  evidence: { id: string; name: string; version: number } | null;
  onClose: () => void;
  onDeleted?: () => void;
};

/**
 * Asks before deleting evidence with every version of its file; a refusal (approved, under review,
 * held by an approved control: "reopen the control first") shows in the dialog, which stays open.
 */
export function DeleteEvidenceDialog({ projectId, evidence, onClose, onDeleted }: Props) {
  const remove = useDeleteEvidence(projectId);
  const close = () => {
    remove.reset();
    onClose();
  };
  const versions = evidence && evidence.version > 1 ? `all ${evidence.version} versions of its file` : 'its file';
  return (
    <ConfirmDialog
      id="delete-evidence"
      open={evidence !== null}
      title={evidence ? `Delete “${evidence.name}”?` : ''}
      text={evidence ? `The evidence goes with ${versions}, its links to controls and risks, its comments and reviews. The activity log keeps a record of it. This cannot be undone.` : ''}
      confirmLabel="Delete evidence"
      destructive
      pending={remove.isPending}
      error={remove.isError ? errorDetail(remove.error) : null}
      onConfirm={() =>
        evidence &&
        remove.mutate(evidence.id, {
          onSuccess: () => {
            notifySuccess(`“${evidence.name}” deleted`);
            remove.reset();
            onClose();
            onDeleted?.();
          },
        })
      }
      onClose={close}
    />
  );
}
