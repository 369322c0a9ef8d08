import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';

/** Groups people often name; anything else may be typed. */
const SUGGESTIONS = ['Applicants', 'Customers', 'Employees', 'Patients', 'Students', 'Children', 'Citizens', 'Users of the system', 'The organization'];

type Props = { value: string[]; onChange: (groups: string[]) => void; error?: string; disabled?: boolean };

/** The people or groups the risk would harm: chosen from common ones or typed, Enter adding each. */
export function AffectedField({ value, onChange, error, disabled }: Props) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={SUGGESTIONS.filter((group) => !value.some((chosen) => chosen.toLowerCase() === group.toLowerCase()))}
      value={value}
      disabled={disabled}
      onChange={(_event, chosen) => {
        const seen = new Set<string>();
        onChange(
          chosen
            .map((group) => group.trim())
            .filter((group) => group && !seen.has(group.toLowerCase()) && seen.add(group.toLowerCase())),
        );
      }}
      renderValue={(groups, getItemProps) => groups.map((group, index) => <Chip size="small" label={group} {...getItemProps({ index })} key={group} />)}
      renderInput={(params) => <TextField {...params} name="affected" label="Affected people or groups" error={Boolean(error)} helperText={error ?? 'Type a group and press Enter, or choose one'} />}
    />
  );
}
