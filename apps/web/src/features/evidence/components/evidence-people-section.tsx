import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { updateRiskAssignees as assigneesBody, type EvidenceDetail, type PersonRef } from '@aegis/contracts';
import { DetailSection } from '../../../components/detail-section';
import { fieldErrorsFromApiError, type FieldErrors } from '../../../components/field-errors';
import { PeopleNames } from '../../../components/people-names';
import { PeoplePicker } from '../../../components/people-picker';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useUpdateEvidenceAssignees } from '../api/evidence-api';

const ids = (people: readonly PersonRef[]) => people.map((person) => person.id);
const same = (a: readonly PersonRef[], b: readonly PersonRef[]) => ids(a).join() === ids(b).join();

function PeopleForm({ projectId, evidence }: { projectId: string; evidence: EvidenceDetail }) {
  const [assignees, setAssignees] = useState(evidence.assignees);
  const [reviewers, setReviewers] = useState(evidence.reviewers);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpdateEvidenceAssignees(projectId, evidence.id);
  const changed = !same(assignees, evidence.assignees) || !same(reviewers, evidence.reviewers);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The body is the same as a risk's or a control's: who owns it, who reviews it.
    const input = assigneesBody.parse({ assignees: ids(assignees), reviewers: ids(reviewers) });
    // The promise, not mutate's callbacks: saving renews this form (its key), and an unmounted form's callbacks never run.
    save.mutateAsync(input).then(
      () => notifySuccess('People saved; those newly named are notified'),
      (error: unknown) => setErrors(fieldErrorsFromApiError(error)),
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <PeoplePicker projectId={projectId} name="assignees" label="Owners" value={assignees} onChange={setAssignees} helperText="Who keeps the file current; they are told before it expires" error={errors.assignees} />
        <PeoplePicker projectId={projectId} name="reviewers" label="Reviewers" value={reviewers} onChange={setReviewers} helperText="Who will review it" error={errors.reviewers} />
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

/** Who owns the evidence and who will review it: pickers for those who may change it (an approved evidence's people may change too), names otherwise. */
export function EvidencePeopleSection({ projectId, evidence, canAssign }: { projectId: string; evidence: EvidenceDetail; canAssign: boolean }) {
  return (
    <DetailSection id="evidence-people" title="People">
      {canAssign ? (
        <PeopleForm key={`${ids(evidence.assignees)}|${ids(evidence.reviewers)}`} projectId={projectId} evidence={evidence} />
      ) : (
        <Stack spacing={2}>
          <Box>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
              Owners
            </Typography>
            <PeopleNames people={evidence.assignees} empty="None named" max={20} />
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
              Reviewers
            </Typography>
            <PeopleNames people={evidence.reviewers} empty="None named" max={20} />
          </Box>
        </Stack>
      )}
    </DetailSection>
  );
}
