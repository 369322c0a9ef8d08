import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

type Props = {
  onCancel: () => void;
  cancelLabel?: ReactNode;
  /** In a confirmation Cancel takes the focus, so Enter does not confirm by accident. */
  cancelFocused?: boolean;
  cancelDisabled?: boolean;
  label: ReactNode;
  destructive?: boolean;
  pending: boolean;
  disabled?: boolean;
  /** Acts on click; without it the button submits the form it is in. */
  onClick?: () => void;
};

/** A dialog's Cancel and its one action. */
export function DialogButtons({ onCancel, cancelLabel = 'Cancel', cancelFocused, cancelDisabled, label, destructive, pending, disabled, onClick }: Props) {
  return (
    <DialogActions>
      <Button onClick={onCancel} autoFocus={cancelFocused} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button
        type={onClick ? 'button' : 'submit'}
        color={destructive ? 'error' : 'primary'}
        variant="contained"
        disabled={disabled}
        loading={pending}
        onClick={onClick}
      >
        {label}
      </Button>
    </DialogActions>
  );
}
