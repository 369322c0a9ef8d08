import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogButtons } from './dialog-buttons';

type Props = {
  /** Prefix of the ids: the title is `${id}-title`, the text `${id}-text`. */
  id: string;
  open: boolean;
  title: ReactNode;
  /** What confirming does; the dialog is described by it. */
  text: ReactNode;
  confirmLabel: ReactNode;
  /** Cancel by default. */
  cancelLabel?: ReactNode;
  destructive?: boolean;
  pending: boolean;
  /** A refusal to show in the dialog, which stays open. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before an action, saying what it does; a refusal shows in the dialog when given. */
export function ConfirmDialog({ id, open, title, text, confirmLabel, cancelLabel, destructive, pending, error, onConfirm, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
        {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        cancelLabel={cancelLabel}
        cancelFocused
        label={confirmLabel}
        destructive={destructive}
        pending={pending}
        onClick={onConfirm}
      />
    </Dialog>
  );
}
