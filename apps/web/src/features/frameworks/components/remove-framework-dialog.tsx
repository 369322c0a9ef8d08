import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import type { ProjectFramework } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { useRetained } from '../../../components/use-retained';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useRemoveProjectFramework } from '../api/remove-project-framework';

type Props = { projectId: string; framework: ProjectFramework | null; onClose: () => void };

/**
 * Removing a framework detaches work from the project, so its name must be typed first. The API refuses
 * it while an approved control only this framework maps to would go (409): the dialog shows its reason. Render it
 * with a new key each time it opens, so that it starts empty.
 */
export function RemoveFrameworkDialog({ projectId, framework: requested, onClose }: Props) {
  const framework = useRetained(requested);
  const remove = useRemoveProjectFramework(projectId);
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const name = framework?.name ?? '';
  const matches = typed.trim() === name;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!framework || !matches) return;
    setFailure(null);
    try {
      await remove.mutateAsync(framework.framework_code);
    } catch (error) {
      setFailure(errorDetail(error));
      return;
    }
    notifySuccess(`${name} removed from the project`);
    onClose();
  };

  return (
    <FormDialog
      id="remove-framework"
      open={requested !== null}
      onClose={onClose}
      title={`Remove ${name}?`}
      text={`The project stops following ${name}. Controls that the project’s other frameworks also map to stay as they are, with their status, evidence and tests. Controls only ${name} needed are detached from the project; their history is kept. Approved controls are locked: while one of them only needs ${name}, the framework stays until that control is reopened.`}
      error={failure}
      submitLabel="Remove framework"
      destructive
      submitDisabled={!matches}
      pending={remove.isPending}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        name="confirmation"
        label="Framework name"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        helperText={`Type “${name}” to confirm`}
        autoComplete="off"
        autoFocus
        fullWidth
      />
    </FormDialog>
  );
}
