import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RISK_CATEGORY_INFO, type RiskLibraryEntry } from '@aegis/contracts';
import { useRiskLibrary } from '../api/list-risk-library';
import { RiskLevelChip } from './risk-level-chip';

type Props = {
  value: RiskLibraryEntry | null;
  onChange: (entry: RiskLibraryEntry | null) => void;
  autoFocus?: boolean;
};

/** Chooses a common AI risk to start from, by name or words of its description, grouped by category, each with its typical level. */
export function LibraryPicker({ value, onChange, autoFocus }: Props) {
  const library = useRiskLibrary();
  const options = [...(library.data ?? [])].sort((a, b) => RISK_CATEGORY_INFO[a.category].label.localeCompare(RISK_CATEGORY_INFO[b.category].label) || a.name.localeCompare(b.name));
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, chosen) => onChange(chosen)}
      groupBy={(entry) => RISK_CATEGORY_INFO[entry.category].label}
      getOptionLabel={(entry) => entry.name}
      getOptionKey={(entry) => entry.id}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      filterOptions={(entries, { inputValue }) => {
        const text = inputValue.trim().toLowerCase();
        return text ? entries.filter((entry) => `${entry.name} ${entry.description}`.toLowerCase().includes(text)) : entries;
      }}
      loading={library.isPending}
      loadingText="Loading the risk library…"
      noOptionsText={library.isError ? 'The risk library could not be loaded.' : 'No risk of the library matches'}
      renderOption={({ key, ...props }, entry) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography>{entry.name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
              {entry.description}
            </Typography>
          </Box>
          <RiskLevelChip level={entry.level} />
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} name="library_id" label="Start from the risk library" autoFocus={autoFocus} helperText="Optional: fills in the fields below, which you may then change" />
      )}
    />
  );
}
