import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PersonRef } from '@aegis/contracts';
import { PersonAvatar } from './people-names';
import { useProjectPeople } from '../lib/project-people';

type Props = {
  projectId: string;
  label: string;
  /** The form field's name, for its error and the focus on a refusal. */
  name: string;
  value: PersonRef[];
  onChange: (people: PersonRef[]) => void;
  helperText?: string;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
};

/** Chooses people among the project's members (only they can be assigned), by name or e-mail. */
export function PeoplePicker({ projectId, label, name, value, onChange, helperText, error, disabled, autoFocus }: Props) {
  const people = useProjectPeople(projectId, !disabled);
  return (
    <Autocomplete
      multiple
      options={people.data ?? []}
      value={value}
      disabled={disabled}
      onChange={(_event, chosen) => onChange(chosen)}
      getOptionLabel={(person) => person.name || person.email}
      getOptionKey={(person) => person.id}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      filterOptions={(options, { inputValue }) => {
        const text = inputValue.trim().toLowerCase();
        return text ? options.filter((person) => `${person.name} ${person.email}`.toLowerCase().includes(text)) : options;
      }}
      loading={people.isPending}
      loadingText="Loading the project’s members…"
      noOptionsText={people.isError ? 'The project’s members could not be loaded.' : 'No member of the project matches'}
      renderOption={({ key, ...props }, person) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
          <PersonAvatar person={person} size={28} />
          <Box>
            <Typography>{person.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {person.email}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} name={name} label={label} autoFocus={autoFocus} error={Boolean(error)} helperText={error ?? helperText} />
      )}
    />
  );
}
