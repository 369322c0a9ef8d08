import { useState, type FormEvent } from 'react';
import type { BulkControlsResult, PersonRef } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../lib/notifier';
import { bulkUpdateControlsSchema, useBulkUpdateControls } from '../api/bulk-update-controls';
import { PeoplePicker } from '../../../components/people-picker';
import { BulkResultAlert, RefusalAlert } from './refusal-alert';

type Props = { projectId: string; codes: string[]; open: boolean; onClose: () => void; onDone: () => void };

/**
 * Adds people to the assignees of the selected controls (those already assigned stay); the server
 * tells them. Approved controls take new assignees too (who works on it is not locked); any control
 * the server refuses is listed with why. Render it with a new key each time it opens.
 */
export function BulkAssignDialog({ projectId, codes, open, onClose, onDone }: Props) {
  const [people, setPeople] = useState<PersonRef[]>([]);
  const [peopleError, setPeopleError] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<BulkControlsResult | null>(null);
  const bulk = useBulkUpdateControls(projectId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (people.length === 0) {
      setPeopleError('Choose at least one person');
      event.currentTarget.querySelector<HTMLElement>('input[name="people"]')?.focus();
      return;
    }
    const input = bulkUpdateControlsSchema.parse({ control_codes: codes, add_assignees: people.map((person) => person.id) });
    bulk.mutate(input, {
      onSuccess: (answer) => {
        if (answer.refused.length > 0) {
          setResult(answer);
          return;
        }
        const names = people.map((person) => person.name).join(', ');
        const changed = answer.updated.length;
        notifySuccess(`${names} assigned to ${changed} ${changed === 1 ? 'control' : 'controls'}`);
        onDone();
      },
    });
  };

  return (
    <FormDialog
      id="bulk-assign"
      open={open}
      onClose={onClose}
      title="Assign people"
      text={`Add people to the assignees of the ${codes.length} selected ${codes.length === 1 ? 'control' : 'controls'}. Those already assigned stay; the people you add are notified.`}
      submitLabel="Assign"
      pending={bulk.isPending}
      onSubmit={submit}
    >
      <PeoplePicker
        projectId={projectId}
        name="people"
        label="People to assign"
        value={people}
        onChange={(chosen) => {
          setPeople(chosen);
          setPeopleError(undefined);
        }}
        error={peopleError}
        helperText="Members of the project"
        autoFocus
      />
      <RefusalAlert error={bulk.error} />
      <BulkResultAlert result={result} />
    </FormDialog>
  );
}
