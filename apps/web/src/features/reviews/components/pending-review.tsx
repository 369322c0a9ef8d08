import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Review } from '@aegis/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { StatusChip } from '../../../components/status-chip';
import { errorDetail } from '../../../lib/errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notifier';
import { useCancelReview } from '../api/cancel-review';
import { DecisionForm } from './decision-form';
import { EditReviewersDialog } from './edit-reviewers-dialog';
import { RULE_TEXT, statusLabel } from './review-labels';
import { ReviewerDecisions } from './reviewer-decisions';
import { StaleWarning } from './stale-warning';

type Props = {
  projectId: string;
  review: Review;
  objectName: string;
  /** The signed-in user's id. */
  userId: string | undefined;
  canDecide: boolean;
  canUpdate: boolean;
  canCancel: boolean;
};

/** The review under way: who asked, whom, why and by when; each reviewer's decision; what the signed-in user may do about it. */
export function PendingReview({ projectId, review, objectName, userId, canDecide, canUpdate, canCancel }: Props) {
  const [dialog, setDialog] = useState<'reviewers' | 'cancel' | null>(null);
  const cancel = useCancelReview(projectId, review.concept, review.object_id);
  const mine = review.reviewers.find((entry) => entry.reviewer.id === userId);
  const awaitsMe = canDecide && mine?.decision === 'pending' && review.requested_by?.id !== userId;

  return (
    <Stack spacing={2}>
      <Box>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <StatusChip status="in_review" label="Pending" />
          <Typography variant="body2" color="text.secondary">
            Requested by {review.requested_by?.name ?? 'someone no longer here'} on <time dateTime={review.requested_at}>{formatDateTime(review.requested_at)}</time>
            {review.due_date && (
              <>
                {' '}
                · due <time dateTime={review.due_date}>{formatDate(review.due_date)}</time>
              </>
            )}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {RULE_TEXT[review.rule]} Cancelling it returns it to {statusLabel(review.status_before)}.
        </Typography>
        {review.forced && review.justification && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            <strong>Status forced:</strong> {review.justification}
          </Typography>
        )}
        {review.message && (
          <Typography component="blockquote" variant="body2" sx={{ m: 0, mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {review.message}
          </Typography>
        )}
      </Box>
      {review.stale && <StaleWarning changes={review.changes} />}
      <Box>
        <Typography variant="subtitle2" component="h4">
          Reviewers
        </Typography>
        <ReviewerDecisions reviewers={review.reviewers} label="Reviewers and their decisions" />
      </Box>
      {awaitsMe && <DecisionForm projectId={projectId} review={review} objectName={objectName} />}
      {(canUpdate || canCancel) && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          {canUpdate && (
            <Button variant="outlined" onClick={() => setDialog('reviewers')}>
              Change reviewers…
            </Button>
          )}
          {canCancel && (
            <Button variant="outlined" color="error" onClick={() => setDialog('cancel')}>
              Cancel review…
            </Button>
          )}
        </Stack>
      )}
      <EditReviewersDialog key={dialog === 'reviewers' ? 'reviewers-open' : 'reviewers-closed'} projectId={projectId} review={review} objectName={objectName} open={dialog === 'reviewers'} onClose={() => setDialog(null)} />
      <ConfirmDialog
        id="cancel-review"
        open={dialog === 'cancel'}
        title={`Cancel the review of ${objectName}?`}
        text={`The reviewers are told, their pending decisions close, and it returns to ${statusLabel(review.status_before)}. A new review can be requested afterwards.`}
        confirmLabel="Cancel review"
        cancelLabel="Keep it"
        destructive
        pending={cancel.isPending}
        error={dialog === 'cancel' && cancel.isError ? errorDetail(cancel.error) : null}
        onClose={() => {
          setDialog(null);
          cancel.reset();
        }}
        // The promise, not mutate's callbacks: the cancelled review unmounts this part of the panel.
        onConfirm={() =>
          cancel.mutateAsync().then(
            () => {
              setDialog(null);
              notifySuccess(`Review of ${objectName} cancelled`);
            },
            () => undefined,
          )
        }
      />
    </Stack>
  );
}
