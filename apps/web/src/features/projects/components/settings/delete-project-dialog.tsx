import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Project } from '@aegis/contracts';
import { FormDialog } from '../../../../components/form-dialog';
import { errorDetail } from '../../../../lib/errors';
import { notifySuccess } from '../../../../lib/notifier';
import { forgetDeletedProject, useDeleteProject } from '../../api/delete-project';

type Props = { project: Project; open: boolean; onClose: () => void };

/**
 * Deletion cannot be undone, so the project's exact name must be typed first. Render it with a new
 * key each time it opens, so that it starts empty.
 */
export function DeleteProjectDialog({ project, open, onClose }: Props) {
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useDeleteProject(project.id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const matches = typed === project.name;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    setFailure(null);
    try {
      await remove.mutateAsync();
    } catch (error) {
      setFailure(errorDetail(error));
      return;
    }
    notifySuccess(`Project ${project.name} deleted`);
    // Leave first: the screens still showing the project would fetch it again once it is forgotten.
    await navigate('/projects', { replace: true });
    await forgetDeletedProject(queryClient, project);
  };

  return (
    <FormDialog
      id="delete-project"
      open={open}
      onClose={onClose}
      title={`Delete ${project.name}?`}
      text="The project and everything in it (its frameworks, requirements, controls, risks, evidence, assets, tests, comments and members’ roles) are deleted for everyone. This cannot be undone."
      error={failure}
      submitLabel="Delete project"
      destructive
      submitDisabled={!matches}
      pending={remove.isPending}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        name="confirmation"
        label="Project name"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        helperText={`Type “${project.name}” to confirm`}
        autoComplete="off"
        autoFocus
        fullWidth
      />
    </FormDialog>
  );
}
