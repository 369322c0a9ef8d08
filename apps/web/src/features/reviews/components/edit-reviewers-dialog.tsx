import { useState, type FormEvent } from 'react';
import type { Review } from '@aegis/contracts';
import { fieldErrorsFromApiError, type FieldErrors } from '../../../components/field-errors';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useUpdateReviewers } from '../api/update-reviewers';
import { ReviewerPicker } from './reviewer-picker';

type Props = { projectId: string; review: Review; objectName: string; open: boolean; onClose: () => void };

/** Changes who reviews the pending review; those newly named are notified. Render it with a new key each time it opens. */
export function EditReviewersDialog({ projectId, review, objectName, open, onClose }: Props) {
  const [reviewers, setReviewers] = useState(review.reviewers.filter((entry) => entry.decision !== 'cancelled').map((entry) => entry.reviewer));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateReviewers(projectId, review.concept, review.object_id);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reviewers.length === 0) {
      setErrors({ reviewers: 'Name at least one reviewer' });
      event.currentTarget.querySelector<HTMLElement>('[name="reviewers"]')?.focus();
      return;
    }
    setErrors({});
    update.mutate(
      { reviewers: reviewers.map((person) => person.id) },
      {
        onSuccess: () => {
          notifySuccess('Reviewers changed; those newly named are notified');
          onClose();
        },
        onError: (error) => setErrors(fieldErrorsFromApiError(error)),
      },
    );
  };

  return (
    <FormDialog
      id="edit-reviewers"
      open={open}
      onClose={onClose}
      title={`Change the reviewers of ${objectName}`}
      text="The review stays pending. A reviewer who has decided already cannot be removed."
      error={update.isError ? errorDetail(update.error) : null}
      submitLabel="Save reviewers"
      pending={update.isPending}
      onSubmit={submit}
    >
      <ReviewerPicker
        projectId={projectId}
        value={reviewers}
        onChange={(people) => {
          setReviewers(people);
          setErrors({});
        }}
        requesterId={review.requested_by?.id}
        error={errors.reviewers}
        autoFocus
      />
    </FormDialog>
  );
}
