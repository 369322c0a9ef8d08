import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../lib/notifier';
import { feedbackInputSchema, useSendFeedback } from '../api/send-feedback';

type FeedbackDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The app path the feedback is about. */
  page: string;
};

export function FeedbackDialog({ open, onClose, page }: FeedbackDialogProps) {
  const dialogId = useId();
  const [message, setMessage] = useState('');
  const { mutate, isPending, reset } = useSendFeedback();
  const input = feedbackInputSchema.safeParse({ message, page });

  const close = () => {
    if (isPending) return;
    setMessage('');
    reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!input.success || isPending) return;
    // Failures are reported by the API client's notification; the dialog stays open with the text.
    mutate(input.data, {
      onSuccess: () => {
        notifySuccess('Thanks for your feedback!');
        setMessage('');
        reset();
        onClose();
      },
    });
  };

  return (
    <FormDialog
      id={dialogId}
      open={open}
      onClose={close}
      title="Provide Feedback"
      submitLabel="Send"
      pending={isPending}
      submitDisabled={!input.success}
      cancelDisabled={isPending}
      onSubmit={submit}
    >
      <DialogContentText sx={{ mb: 2 }}>Your message goes to the product team together with your name and organization.</DialogContentText>
      <TextField
        label="Feedback"
        placeholder="Tell us about positive experiences or issues you ran into…"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        multiline
        minRows={4}
        fullWidth
        autoFocus
        required
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
    </FormDialog>
  );
}
export default FeedbackDialog;
