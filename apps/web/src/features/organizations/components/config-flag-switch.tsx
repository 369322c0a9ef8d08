import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

type Props = { label: string; description: string; checked: boolean; disabled: boolean; onChange: (checked: boolean) => void };

/** One feature flag: its name labels the switch, its one-line explanation describes it. */
export function ConfigFlagSwitch({ label, description, checked, disabled, onChange }: Props) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <ListItem divider sx={{ gap: 2, py: 1.5 }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography id={labelId} component="label" htmlFor={`${labelId}-input`} sx={{ fontWeight: 600, display: 'block' }}>
          {label}
        </Typography>
        <Typography id={descriptionId} variant="body2" color="text.secondary">
          {description}
        </Typography>
      </Box>
      <Switch
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        slotProps={{ input: { id: `${labelId}-input`, 'aria-describedby': descriptionId } }}
      />
    </ListItem>
  );
}
