import { useState, type FormEvent } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Review, ReviewDecision } from '@aegis/contracts';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useDecideReview } from '../api/decide-review';

type Props = { projectId: string; review: Review; objectName: string };

/**
 * The signed-in reviewer's decision on the pending review: approve, or reject with a comment saying
 * why. A stale request (the object changed since it was asked) cannot be approved, only rejected.
 */
export function DecisionForm({ projectId, review, objectName }: Props) {
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const decide = useDecideReview(projectId, review.concept, review.object_id);
  const others = review.reviewers.filter((entry) => entry.decision === 'pending').length > 1;

  const send = (decision: ReviewDecision['decision'], form: HTMLFormElement | null) => {
    if (decision === 'rejected' && !comment.trim()) {
      setCommentError('Say why: a rejection needs a comment');
      form?.querySelector<HTMLElement>('[name="comment"]')?.focus();
      return;
    }
    setCommentError(null);
    // The promise, not mutate's callbacks: a settled review unmounts this form, and an unmounted form's callbacks never run.
    decide.mutateAsync({ decision, comment: comment.trim() }).then(
      (settled) => notifySuccess(decision === 'rejected' ? `${objectName} rejected: it is back in progress` : settled.status === 'approved' ? `${objectName} approved and locked` : 'Your approval is recorded; the other reviewers still decide'),
      () => undefined,
    );
  };

  // Nothing submits by itself: each button says which decision it is.
  const submit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="review-decision-title" sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography id="review-decision-title" variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1 }}>
        Your decision
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {review.rule === 'all' && others ? 'Every reviewer must approve: yours is one of the approvals it needs.' : 'Your decision settles the review.'} An approval locks it as it is now.
      </Typography>
      <TextField
        name="comment"
        label="Comment"
        fullWidth
        multiline
        minRows={2}
        value={comment}
        onChange={(event) => {
          setComment(event.target.value);
          setCommentError(null);
        }}
        error={Boolean(commentError)}
        helperText={commentError ?? 'What you checked; required to reject'}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      {decide.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorDetail(decide.error)}
        </Alert>
      )}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button onClick={(event) => send('approved', event.currentTarget.form)} variant="contained" color="success" startIcon={<CheckIcon />} disabled={review.stale || decide.isPending} loading={decide.isPending && decide.variables.decision === 'approved'}>
          Approve
        </Button>
        <Button onClick={(event) => send('rejected', event.currentTarget.form)} variant="outlined" color="error" startIcon={<CloseIcon />} disabled={decide.isPending} loading={decide.isPending && decide.variables.decision === 'rejected'}>
          Reject
        </Button>
      </Stack>
    </Box>
  );
}
