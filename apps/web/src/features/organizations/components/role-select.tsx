import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { OrganizationRole } from '@aegis/contracts';
import { ROLE_LABELS } from './member-labels';

type Props = {
  value: OrganizationRole;
  roles: readonly OrganizationRole[];
  onChange: (role: OrganizationRole) => void;
  error?: string;
};

/** The organization role a new person starts with. */
export function RoleSelect({ value, roles, onChange, error }: Props) {
  return (
    <TextField
      select
      name="role"
      label="Role"
      value={value}
      onChange={(event) => onChange(event.target.value as OrganizationRole)}
      error={Boolean(error)}
      helperText={error}
      fullWidth
    >
      {roles.map((role) => (
        <MenuItem key={role} value={role}>
          {ROLE_LABELS[role]}
        </MenuItem>
      ))}
    </TextField>
  );
}
