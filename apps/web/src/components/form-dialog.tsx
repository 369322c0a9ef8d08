import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogButtons } from './dialog-buttons';

type DialogFormProps = {
  /** Prefix of the ids: the title is `${id}-title`, the intro text `${id}-text`. */
  id: string;
  title: ReactNode;
  /** Says what the dialog does, above the fields; the dialog is described by it. */
  text?: ReactNode;
  children: ReactNode;
  /** A refusal to show below the fields. */
  error?: string | null;
  submitLabel: ReactNode;
  pending: boolean;
  submitDisabled?: boolean;
  cancelDisabled?: boolean;
  destructive?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
};

/**
 * A dialog's form: title, fields, Cancel and submit. Inside a Dialog labelled by `${id}-title`; use it
 * directly where the form remounts (by key) in a dialog that stays, else use FormDialog.
 */
export function DialogForm(props: DialogFormProps) {
  const { id, title, text, children, error, submitLabel, pending, submitDisabled, cancelDisabled, destructive, onSubmit, onCancel } = props;
  return (
    // A column that the dialog's height bounds: the fields scroll, the title and the buttons stay in view
    // (a long form at 1400×900 pushed its buttons below the fold).
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {text && (
          <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
            {text}
          </DialogContentText>
        )}
        {children}
        {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
      </DialogContent>
      <DialogButtons
        onCancel={onCancel}
        cancelDisabled={cancelDisabled}
        label={submitLabel}
        destructive={destructive}
        disabled={submitDisabled}
        pending={pending}
      />
    </Box>
  );
}

type FormDialogProps = Omit<DialogFormProps, 'onCancel'> & { open: boolean; onClose: () => void; maxWidth?: 'xs' | 'sm' };

/** A dialog holding one form; Cancel, Escape and a click outside all close it. */
export function FormDialog({ open, onClose, maxWidth = 'sm', ...form }: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={`${form.id}-title`}
      aria-describedby={form.text ? `${form.id}-text` : undefined}
    >
      <DialogForm {...form} onCancel={onClose} />
    </Dialog>
  );
}
