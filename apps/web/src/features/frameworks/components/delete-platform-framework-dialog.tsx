import { useState } from 'react';
import type { PlatformFramework } from '@aegis/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRetained } from '../../../components/use-retained';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useDeletePlatformFramework } from '../api/delete-platform-framework';

type Props = { framework: Pick<PlatformFramework, 'framework_code' | 'name'> | null; onClose: () => void };

/** Deletes an uploaded platform framework; the server's refusal (in use, built-in) stays in the dialog. */
export function DeletePlatformFrameworkDialog({ framework: requested, onClose }: Props) {
  const framework = useRetained(requested);
  const remove = useDeletePlatformFramework();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
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
    notifySuccess(`${framework.name} deleted`);
    close();
  };
  return (
    <ConfirmDialog
      id="delete-platform-framework"
      open={requested !== null}
      onClose={close}
      title={`Delete ${framework?.name ?? ''}?`}
      text="It disappears from every organization that has it switched on. No project uses it, so no work is lost. This cannot be undone."
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      error={refusal}
      onConfirm={() => void confirm()}
    />
  );
}
