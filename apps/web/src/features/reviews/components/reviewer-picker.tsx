import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PersonRef } from '@aegis/contracts';
import { PersonAvatar } from '../../../components/people-names';
import { useReviewerCandidates } from '../api/list-reviewer-candidates';

type Props = {
  projectId: string;
  value: PersonRef[];
  onChange: (people: PersonRef[]) => void;
  /** Who requested the review: they cannot decide it, so they are not offered. */
  requesterId: string | null | undefined;
  error?: string;
  autoFocus?: boolean;
};

/** Chooses reviewers among the project's members who may decide reviews, by name or e-mail. */
export function ReviewerPicker({ projectId, value, onChange, requesterId, error, autoFocus }: Props) {
  const candidates = useReviewerCandidates(projectId);
  const options = (candidates.data ?? []).filter((person) => person.id !== requesterId);
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_event, chosen) => onChange(chosen)}
      getOptionLabel={(person) => person.name || person.email}
      getOptionKey={(person) => person.id}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      filterOptions={(people, { inputValue }) => {
        const text = inputValue.trim().toLowerCase();
        return text ? people.filter((person) => `${person.name} ${person.email}`.toLowerCase().includes(text)) : people;
      }}
      loading={candidates.isPending}
      loadingText="Loading the project’s reviewers…"
      noOptionsText={
        candidates.isError
          ? 'The project’s members could not be loaded.'
          : options.length === 0
            ? 'No one else on this project may decide reviews: an owner gives someone the reviewer or auditor role.'
            : 'No reviewer of the project matches'
      }
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
        <TextField
          {...params}
          name="reviewers"
          label="Reviewers"
          required
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error ?? 'Project members who may decide reviews'}
        />
      )}
    />
  );
}
