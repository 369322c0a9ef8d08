import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PersonRef } from '@aegis/contracts';
import { DetailSection } from '../detail-section';
import { fieldErrorsFromApiError, type FieldErrors } from '../field-errors';
import { PeopleNames } from '../people-names';
import { PeoplePicker } from '../people-picker';
import { errorDetail } from '../../lib/errors';
import { notifySuccess } from '../../lib/notifier';

export type PeopleInput = { assignees: string[]; reviewers: string[] };

/** What the kit needs of a feature's assignees mutation (react-query's `useMutation` result fits). */
export type PeopleMutation = { mutateAsync: (input: PeopleInput) => Promise<unknown>; isPending: boolean; isError: boolean; error: unknown };

export type PeopleWording = {
  /** "Assignees", or "Owners" for evidence. */
  assignees?: string;
  assigneesHelp: string;
  reviewersHelp: string;
  /** What the names say when nobody is assigned. */
  unassigned?: string;
};

type Item = { assignees: readonly PersonRef[]; reviewers: readonly PersonRef[] };

const ids = (people: readonly PersonRef[]) => people.map((person) => person.id);
const same = (a: readonly PersonRef[], b: readonly PersonRef[]) => ids(a).join() === ids(b).join();

function PeopleForm({ projectId, item, save, wording }: { projectId: string; item: Item; save: PeopleMutation; wording: PeopleWording }) {
  const [assignees, setAssignees] = useState<PersonRef[]>([...item.assignees]);
  const [reviewers, setReviewers] = useState<PersonRef[]>([...item.reviewers]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const changed = !same(assignees, item.assignees) || !same(reviewers, item.reviewers);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The promise, not mutate's callbacks: saving renews this form (its key), and an unmounted form's callbacks never run.
    save.mutateAsync({ assignees: ids(assignees), reviewers: ids(reviewers) }).then(
      () => notifySuccess('People saved; those newly named are notified'),
      (error: unknown) => setErrors(fieldErrorsFromApiError(error)),
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="People">
      <Stack spacing={2}>
        <PeoplePicker projectId={projectId} name="assignees" label={wording.assignees ?? 'Assignees'} value={assignees} onChange={setAssignees} helperText={wording.assigneesHelp} error={errors.assignees} />
        <PeoplePicker projectId={projectId} name="reviewers" label="Reviewers" value={reviewers} onChange={setReviewers} helperText={wording.reviewersHelp} error={errors.reviewers} />
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

/**
 * Who works on a work item and who will review it: pickers for those who may assign (an approved item's
 * people may change too), names otherwise. Every work item's detail page uses it.
 */
export function WorkItemPeopleSection({ id, projectId, item, canAssign, save, wording }: { id: string; projectId: string; item: Item; canAssign: boolean; save: PeopleMutation; wording: PeopleWording }) {
  return (
    <DetailSection id={`${id}-people`} title="People">
      {canAssign ? (
        <PeopleForm key={`${ids(item.assignees)}|${ids(item.reviewers)}`} projectId={projectId} item={item} save={save} wording={wording} />
      ) : (
        <Stack spacing={2}>
          <Box>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
              {wording.assignees ?? 'Assignees'}
            </Typography>
            <PeopleNames people={item.assignees} empty={wording.unassigned ?? 'Unassigned'} max={20} />
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
              Reviewers
            </Typography>
            <PeopleNames people={item.reviewers} empty="None named" max={20} />
          </Box>
        </Stack>
      )}
    </DetailSection>
  );
}
