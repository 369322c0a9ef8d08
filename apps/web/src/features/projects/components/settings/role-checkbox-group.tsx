import { useId } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { PROJECT_ROLE_DESCRIPTIONS, PROJECT_ROLES, type ProjectRole } from '@aegis/contracts';
import { PROJECT_ROLE_LABELS } from '../project-labels';

type Props = {
  value: readonly ProjectRole[];
  onChange: (roles: ProjectRole[]) => void;
  /** Roles that cannot be switched, with the reason shown under them. */
  locked?: Partial<Record<ProjectRole, string>>;
  error?: string | null;
};

/** Any number of project roles, each explained. */
export function RoleCheckboxGroup({ value, onChange, locked = {}, error }: Props) {
  const id = useId();
  const toggle = (role: ProjectRole, on: boolean) => onChange(PROJECT_ROLES.filter((r) => (r === role ? on : value.includes(r))));
  return (
    <FormControl component="fieldset" variant="standard" error={Boolean(error)}>
      <FormLabel component="legend">Roles</FormLabel>
      <FormGroup>
        {PROJECT_ROLES.map((role) => (
          <Box key={role} sx={{ mt: 1 }}>
            <FormControlLabel
              control={
                <Checkbox
                  name="roles"
                  checked={value.includes(role)}
                  disabled={Boolean(locked[role])}
                  onChange={(event) => toggle(role, event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': `${id}-${role}` } }}
                />
              }
              label={PROJECT_ROLE_LABELS[role]}
            />
            <Typography id={`${id}-${role}`} variant="body2" color="text.secondary" sx={{ pl: 4, mt: -1 }}>
              {PROJECT_ROLE_DESCRIPTIONS[role]}
              {locked[role] && ` ${locked[role]}`}
            </Typography>
          </Box>
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
