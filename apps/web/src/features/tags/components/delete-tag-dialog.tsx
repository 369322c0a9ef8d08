import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Tag } from '@aegis/contracts';
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
    <Dialog open={requested !== null} onClose={onClose} aria-labelledby="delete-tag-title" aria-describedby="delete-tag-text">
      <DialogTitle id="delete-tag-title">Delete tag “{tag?.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-tag-text">
          Whatever it labels in the organization's projects loses the label. This cannot be undone.
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
