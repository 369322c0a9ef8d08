import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

type Props = {
  /** Prefix of the ids: the title is `${id}-title`. */
  id: string;
  open: boolean;
  title: ReactNode;
  /** The id of the element in children that describes the dialog, if any. */
  describedBy?: string;
  children: ReactNode;
  onClose: () => void;
};

/** Shows what can be seen only this once (a token's secret, a sign-up link); Done closes it. */
export function ShownOnceDialog({ id, open, title, describedBy, children, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`} aria-describedby={describedBy}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
