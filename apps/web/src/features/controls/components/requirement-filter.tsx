import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useRequirementOptions, type RequirementOption } from '../api/list-requirement-options';

type Props = {
  projectId: string;
  /** The chosen requirement's id. */
  value?: string;
  /** Only this framework's requirements are offered when one is chosen. */
  framework?: string;
  onChange: (requirementId: string | undefined) => void;
};

const labelOf = (option: RequirementOption) => `${option.code} ${option.title}`;

/**
 * The requirement filter: every requirement of the project, searchable by code or words, grouped by
 * framework. They load once the field is used, or at once when a shared link has chosen one.
 */
export function RequirementFilter({ projectId, value, framework, onChange }: Props) {
  const [wanted, setWanted] = useState(false);
  const options = useRequirementOptions(projectId, wanted || Boolean(value));
  const all = options.data ?? [];
  const offered = framework ? all.filter((option) => option.framework_code === framework) : all;
  const chosen = all.find((option) => option.id === value) ?? null;
  return (
    <Autocomplete
      size="small"
      options={offered}
      value={chosen}
      onChange={(_event, option) => onChange(option?.id)}
      onOpen={() => setWanted(true)}
      onFocus={() => setWanted(true)}
      groupBy={(option) => option.framework_name}
      getOptionLabel={labelOf}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      loading={options.isFetching}
      loadingText="Loading the requirements…"
      noOptionsText={options.isError ? 'The requirements could not be loaded.' : 'No requirement matches'}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Requirement"
          placeholder={value && !chosen && options.isPending ? 'Loading…' : 'All'}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
      slotProps={{ listbox: { sx: { '& .MuiAutocomplete-option': { alignItems: 'flex-start' } } } }}
    />
  );
}
