import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ApplicabilityChange } from '@aegis/contracts';
import { DialogButtons } from '../../../components/dialog-buttons';
import { changeSummary } from '../change-summary';
import { ChangeDetails } from './change-details';

type Props = {
  id: string;
  /** The change to confirm; the dialog is closed while there is none. */
  change: ApplicabilityChange | null;
  title: string;
  confirmLabel: string;
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Asks before a change of answers takes requirements out of scope, listing each with its reason, the
 * controls that follow them and those kept. Nothing is deleted: the text says so, and that it can be undone.
 */
export function ChangeConfirmDialog({ id, change, title, confirmLabel, pending, error, onConfirm, onClose }: Props) {
  return (
    <Dialog open={change !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      {change && (
        <DialogContent>
          <DialogContentText id={`${id}-text`}>
            {changeSummary(change, 'would')} Work done on them is kept, and changing the answers back brings them back as they were.
          </DialogContentText>
          <ChangeDetails change={change} />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
      )}
      <DialogButtons onCancel={onClose} cancelFocused label={confirmLabel} pending={pending} onClick={onConfirm} />
    </Dialog>
  );
}
