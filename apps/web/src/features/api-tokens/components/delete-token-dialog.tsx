import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useRetained } from '../../../components/use-retained';
import type { ApiToken } from '@aegis/contracts';
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
    <Dialog open={requested !== null} onClose={onClose} aria-labelledby="delete-token-title" aria-describedby="delete-token-text">
      <DialogTitle id="delete-token-title">Delete token “{token?.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-token-text">
          Scripts and integrations that use this token stop working immediately. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" loading={remove.isPending} onClick={() => void confirm().catch(() => undefined)}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
