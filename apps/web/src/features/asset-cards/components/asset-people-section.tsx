import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssetCardDetail, PersonRef } from '@aegis/contracts';
import { DetailSection } from '../../../components/detail-section';
import { fieldErrorsFromApiError, type FieldErrors } from '../../../components/field-errors';
import { PeopleNames } from '../../../components/people-names';
import { PeoplePicker } from '../../../components/people-picker';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { updateAssetCardAssigneesSchema, useUpdateAssetCardAssignees } from '../api/asset-cards-api';

const ids = (people: readonly PersonRef[]) => people.map((person) => person.id);
const same = (a: readonly PersonRef[], b: readonly PersonRef[]) => ids(a).join() === ids(b).join();

function PeopleForm({ projectId, card }: { projectId: string; card: AssetCardDetail }) {
  const [assignees, setAssignees] = useState(card.assignees);
  const [reviewers, setReviewers] = useState(card.reviewers);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpdateAssetCardAssignees(projectId, card.id);
  const changed = !same(assignees, card.assignees) || !same(reviewers, card.reviewers);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = updateAssetCardAssigneesSchema.parse({ assignees: ids(assignees), reviewers: ids(reviewers) });
    // The promise, not mutate's callbacks: saving renews this form (its key), and an unmounted form's callbacks never run.
    save.mutateAsync(input).then(
      () => notifySuccess('People saved; those newly named are notified'),
      (error: unknown) => setErrors(fieldErrorsFromApiError(error)),
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="People">
      <Stack spacing={2}>
        <PeoplePicker projectId={projectId} name="assignees" label="Assignees" value={assignees} onChange={setAssignees} helperText="Who documents the asset" error={errors.assignees} />
        <PeoplePicker projectId={projectId} name="reviewers" label="Reviewers" value={reviewers} onChange={setReviewers} helperText="Who will review the card" error={errors.reviewers} />
        {save.isError && Object.keys(errors).length === 0 && <Alert severity="error">{errorDetail(save.error)}</Alert>}
        <Box>
          <Button type="submit" variant="outlined" disabled={!changed} loading={save.isPending}>
            Save people
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** Who documents the card and who will review it: pickers for those who may assign (an approved card's people may change too), names otherwise. */
export function AssetPeopleSection({ projectId, card, canAssign }: { projectId: string; card: AssetCardDetail; canAssign: boolean }) {
  return (
    <DetailSection id="asset-people" title="People">
      {canAssign ? (
        <PeopleForm key={`${ids(card.assignees)}|${ids(card.reviewers)}`} projectId={projectId} card={card} />
      ) : (
        <Stack spacing={2}>
          <Box>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
              Assignees
            </Typography>
            <PeopleNames people={card.assignees} empty="Unassigned" max={20} />
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
              Reviewers
            </Typography>
            <PeopleNames people={card.reviewers} empty="None named" max={20} />
          </Box>
        </Stack>
      )}
    </DetailSection>
  );
}
