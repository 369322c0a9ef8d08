import { useState } from 'react';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { PersonRef, ProjectPermission, WorkItemStatus } from '@aegis/contracts';
import { RetryAlert } from '../../../components/retry-alert';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { useObjectReviews } from '../api/list-object-reviews';
import { ForceApprovalDialog } from './force-approval-dialog';
import { PendingReview } from './pending-review';
import { RequestReviewDialog } from './request-review-dialog';
import { ReviewHistory } from './review-history';

/** The statuses a review may be requested from without forcing (the API's REVIEW_TRANSITIONS). */
const REQUESTABLE: readonly WorkItemStatus[] = ['ready', 'in_progress', 'out_of_scope'];

type Props = {
  projectId: string;
  /** The review concept, e.g. `control`. */
  concept: string;
  /** The object's id as the API returns it. */
  objectId: string;
  /** How titles and messages name it, e.g. its control code. */
  objectName: string;
  objectStatus: WorkItemStatus;
  /** The signed-in user's rights on the project. */
  rights: readonly ProjectPermission[];
  /** The object's own reviewers, proposed when a review is requested. */
  suggestedReviewers?: readonly PersonRef[];
};

/**
 * A work item's reviews: the pending one (with the signed-in reviewer's decision, changing its
 * reviewers, cancelling it), requesting one or forcing the status, and the past reviews.
 */
export function ReviewPanel({ projectId, concept, objectId, objectName, objectStatus, rights, suggestedReviewers }: Props) {
  const reviews = useObjectReviews(projectId, concept, objectId);
  const userId = useQuery(currentUserQueryOptions()).data?.id;
  const [dialog, setDialog] = useState<'request' | 'again' | 'force' | null>(null);
  const can = (right: ProjectPermission) => rights.includes(right);
  const pending = reviews.data?.find((review) => review.status === 'in_review');
  const past = reviews.data?.filter((review) => review !== pending) ?? [];
  const requestable = REQUESTABLE.includes(objectStatus);

  let body;
  if (reviews.isPending) body = <LinearProgress aria-label="Loading the reviews" />;
  else if (reviews.isError) body = <RetryAlert onRetry={() => void reviews.refetch()}>The reviews could not be loaded.</RetryAlert>;
  else if (pending) {
    body = (
      <PendingReview
        projectId={projectId}
        review={pending}
        objectName={objectName}
        userId={userId}
        canDecide={can('reviews:set_decision')}
        canUpdate={can('reviews:update')}
        canCancel={can('reviews:cancel_pending')}
      />
    );
  } else {
    const canRequest = requestable && can('reviews:request');
    const canForce = can('reviews:force_update_status');
    body = (
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          {objectStatus === 'approved'
            ? 'Approved: it stays locked until someone reopens it. Its next approval needs a new review.'
            : canRequest
              ? 'No review is pending. When the work is done, ask a reviewer to approve it: an approval locks it as it is.'
              : 'No review is pending.'}
        </Typography>
        {(canRequest || canForce) && (
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            {canRequest && (
              <Button variant="contained" onClick={() => setDialog('request')}>
                Request a review…
              </Button>
            )}
            {canForce && objectStatus === 'approved' && (
              <Button variant="outlined" onClick={() => setDialog('again')}>
                Review again…
              </Button>
            )}
            {canForce && requestable && (
              <Button variant="outlined" onClick={() => setDialog('force')}>
                Approve without review…
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="review-panel-title" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography id="review-panel-title" variant="h6" component="h3" sx={{ mb: 1.5 }}>
        Review
      </Typography>
      <Stack spacing={3}>
        {body}
        {reviews.isSuccess && <ReviewHistory reviews={past} />}
      </Stack>
      <RequestReviewDialog
        key={dialog === 'request' || dialog === 'again' ? `request-${dialog}` : 'request-closed'}
        projectId={projectId}
        concept={concept}
        objectId={objectId}
        objectName={objectName}
        requesterId={userId}
        force={dialog === 'again'}
        suggested={suggestedReviewers}
        open={dialog === 'request' || dialog === 'again'}
        onClose={() => setDialog(null)}
      />
      <ForceApprovalDialog key={dialog === 'force' ? 'force-open' : 'force-closed'} projectId={projectId} concept={concept} objectId={objectId} objectName={objectName} open={dialog === 'force'} onClose={() => setDialog(null)} />
    </Paper>
  );
}
