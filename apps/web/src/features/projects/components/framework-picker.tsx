import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { FRAMEWORK_CATALOGUE, type FrameworkCode } from '@aegis/contracts';

type Props = { value: FrameworkCode[]; onChange: (value: FrameworkCode[]) => void; error?: string };

/** The frameworks a new project applies from the start, each with what it covers; none is required. */
export function FrameworkPicker({ value, onChange, error }: Props) {
  const toggle = (code: FrameworkCode, on: boolean) =>
    // Kept in catalogue order, so the request reads the same whichever box was ticked first.
    onChange(FRAMEWORK_CATALOGUE.map((f) => f.code).filter((c) => (c === code ? on : value.includes(c))));
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" sx={{ typography: 'subtitle1', fontWeight: 600, color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}>
        Frameworks
      </FormLabel>
      <FormGroup>
        {FRAMEWORK_CATALOGUE.map((framework) => (
          <FormControlLabel
            key={framework.code}
            sx={{ alignItems: 'flex-start', mt: 1 }}
            control={<Checkbox name="frameworks" value={framework.code} checked={value.includes(framework.code)} onChange={(event) => toggle(framework.code, event.target.checked)} sx={{ pt: 0.25 }} />}
            label={
              <span>
                <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                  {framework.name}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {framework.description}
                </Typography>
              </span>
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>{error ?? 'Optional: the frameworks this project follows from the start.'}</FormHelperText>
    </FormControl>
  );
}
