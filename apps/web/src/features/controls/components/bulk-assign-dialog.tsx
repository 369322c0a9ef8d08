import { useState, type FormEvent } from 'react';
import type { PersonRef } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../lib/notifier';
import { bulkUpdateControlsSchema, useBulkUpdateControls } from '../api/bulk-update-controls';
import { PeoplePicker } from './people-picker';
import { RefusalAlert } from './refusal-alert';

type Props = { projectId: string; codes: string[]; open: boolean; onClose: () => void; onDone: () => void };

/**
 * Adds people to the assignees of the selected controls (those already assigned stay); the server
 * tells them. All of the controls or none. Render it with a new key each time it opens.
 */
export function BulkAssignDialog({ projectId, codes, open, onClose, onDone }: Props) {
  const [people, setPeople] = useState<PersonRef[]>([]);
  const [peopleError, setPeopleError] = useState<string | undefined>(undefined);
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
      onSuccess: ({ updated }) => {
        const names = people.map((person) => person.name).join(', ');
        notifySuccess(`${names} assigned to ${updated} ${updated === 1 ? 'control' : 'controls'}`);
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
    </FormDialog>
  );
}
