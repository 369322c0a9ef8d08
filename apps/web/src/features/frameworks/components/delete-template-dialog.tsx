import { useState } from 'react';
import type { FrameworkSummary } from '@aegis/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRetained } from '../../../components/use-retained';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useDeleteTemplate } from '../api/delete-template';

type Props = {
  organizationId: string;
  framework: Pick<FrameworkSummary, 'framework_code' | 'name'> | null;
  onClose: () => void;
  onDeleted?: () => void;
};

/** Deletes one of the organization's own templates; a refusal (projects still use it: 409 names them) stays in the dialog. */
export function DeleteTemplateDialog({ organizationId, framework: requested, onClose, onDeleted }: Props) {
  const framework = useRetained(requested);
  const remove = useDeleteTemplate(organizationId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (!framework) return;
    setRefusal(null);
    try {
      await remove.mutateAsync(framework.framework_code);
    } catch (error) {
      setRefusal(errorDetail(error));
      return;
    }
    notifySuccess(`Template “${framework.name}” deleted`);
    close();
    onDeleted?.();
  };
  return (
    <ConfirmDialog
      id="delete-template"
      open={requested !== null}
      onClose={close}
      title={`Delete the template “${framework?.name ?? ''}”?`}
      text="It disappears from your organization’s frameworks and can no longer be applied to projects. A template that projects still apply cannot be deleted: remove it from them first."
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      error={refusal}
      onConfirm={() => void confirm()}
    />
  );
}
