import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ControlDetail, PersonRef } from '@aegis/contracts';
import { fieldErrorsFromApiError, type FieldErrors } from '../../../components/field-errors';
import { PeopleNames } from '../../../components/people-names';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { updateControlAssigneesSchema, useUpdateControlAssignees } from '../api/update-control-assignees';
import { DetailSection } from '../../../components/detail-section';
import { PeoplePicker } from '../../../components/people-picker';

const ids = (people: readonly PersonRef[]) => people.map((person) => person.id);
const same = (a: readonly PersonRef[], b: readonly PersonRef[]) => ids(a).join() === ids(b).join();

function PeopleForm({ projectId, control }: { projectId: string; control: ControlDetail }) {
  const [assignees, setAssignees] = useState(control.assignees);
  const [reviewers, setReviewers] = useState(control.reviewers);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpdateControlAssignees(projectId, control.control_code);
  const changed = !same(assignees, control.assignees) || !same(reviewers, control.reviewers);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = updateControlAssigneesSchema.parse({ assignees: ids(assignees), reviewers: ids(reviewers) });
    // The promise, not mutate's callbacks: saving renews this form (its key), and an unmounted form's callbacks never run.
    save.mutateAsync(input).then(
      () => notifySuccess('People saved; those newly named are notified'),
      (error: unknown) => setErrors(fieldErrorsFromApiError(error)),
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <PeoplePicker projectId={projectId} name="assignees" label="Assignees" value={assignees} onChange={setAssignees} helperText="Who does the work" error={errors.assignees} />
        <PeoplePicker projectId={projectId} name="reviewers" label="Reviewers" value={reviewers} onChange={setReviewers} helperText="Who will review it" error={errors.reviewers} />
        {save.isError && <Alert severity="error">{errorDetail(save.error)}</Alert>}
        <Box>
          <Button type="submit" variant="outlined" disabled={!changed} loading={save.isPending}>
            Save people
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

type Props = { projectId: string; control: ControlDetail; canAssign: boolean };

/**
 * Who works on the control and who will review it: pickers for those who may assign, names for everyone
 * else. An approved (locked) control keeps its content, not its people: they may change.
 */
export function PeopleSection({ projectId, control, canAssign }: Props) {
  const editable = canAssign;
  return (
    <DetailSection id="control-people" title="People">
      {editable ? (
        // A new form when the saved people change (after saving, or someone else's change).
        <PeopleForm key={`${ids(control.assignees)}|${ids(control.reviewers)}`} projectId={projectId} control={control} />
      ) : (
        <Stack spacing={2}>
          <Box>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
              Assignees
            </Typography>
            <PeopleNames people={control.assignees} empty="Unassigned" max={20} />
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
              Reviewers
            </Typography>
            <PeopleNames people={control.reviewers} empty="None named" max={20} />
          </Box>
        </Stack>
      )}
    </DetailSection>
  );
}
