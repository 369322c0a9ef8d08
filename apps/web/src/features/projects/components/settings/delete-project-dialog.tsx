import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Project } from '@aegis/contracts';
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
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="delete-project-title" aria-describedby="delete-project-text">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="delete-project-title">{`Delete ${project.name}?`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id="delete-project-text">
              The project and everything in it (its frameworks, requirements, controls, risks, evidence, assets, tests, comments and
              members’ roles) are deleted for everyone. This cannot be undone.
            </DialogContentText>
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
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={!matches} loading={remove.isPending}>
            Delete project
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
