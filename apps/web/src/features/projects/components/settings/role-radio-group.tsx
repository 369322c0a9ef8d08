import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { PROJECT_ROLE_DESCRIPTIONS, PROJECT_ROLES, type ProjectRole } from '@aegis/contracts';
import { PROJECT_ROLE_LABELS } from '../project-labels';

type Props = { value: ProjectRole; onChange: (role: ProjectRole) => void };

/** One project role, each option explained. */
export function RoleRadioGroup({ value, onChange }: Props) {
  const id = useId();
  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend">Role</FormLabel>
      <RadioGroup name="role" value={value} onChange={(event) => onChange(event.target.value as ProjectRole)}>
        {PROJECT_ROLES.map((role) => (
          <Box key={role} sx={{ mt: 1 }}>
            <FormControlLabel
              value={role}
              control={<Radio slotProps={{ input: { 'aria-describedby': `${id}-${role}` } }} />}
              label={PROJECT_ROLE_LABELS[role]}
            />
            {/* Outside the label: the role's name alone names the radio, this describes it. */}
            <Typography id={`${id}-${role}`} variant="body2" color="text.secondary" sx={{ pl: 4, mt: -1 }}>
              {PROJECT_ROLE_DESCRIPTIONS[role]}
            </Typography>
          </Box>
        ))}
      </RadioGroup>
    </FormControl>
  );
}
