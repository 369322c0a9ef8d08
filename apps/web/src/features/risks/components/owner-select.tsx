import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PersonRef } from '@aegis/contracts';
import { useProjectPeople } from '../../../lib/project-people';

type Props = { projectId: string; value: PersonRef | null; onChange: (person: PersonRef | null) => void; error?: string };

/** One member of the project (or no one) to own an action; they are told when named. */
export function OwnerSelect({ projectId, value, onChange, error }: Props) {
  const people = useProjectPeople(projectId);
  // The owner stays choosable even if the members have not loaded (or they left the project since).
  const options = [...(people.data ?? [])];
  if (value && !options.some((person) => person.id === value.id)) options.unshift(value);
  return (
    <TextField
      select
      name="owner_id"
      label="Owner"
      value={value?.id ?? ''}
      onChange={(event) => onChange(options.find((person) => person.id === event.target.value) ?? null)}
      error={Boolean(error) || people.isError}
      helperText={error ?? (people.isError ? 'The project’s members could not be loaded.' : 'A member of the project; told when named')}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      fullWidth
    >
      <MenuItem value="">No owner yet</MenuItem>
      {options.map((person) => (
        <MenuItem key={person.id} value={person.id}>
          {person.name || person.email}
        </MenuItem>
      ))}
    </TextField>
  );
}
