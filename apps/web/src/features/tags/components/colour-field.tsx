import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import { PRESET_COLOURS } from './tag-colours';

type Props = { value: string; error?: string; onChange: (colour: string) => void };

/** Any colour through the browser's picker, or one of the presets in a click (or Tab and Enter). */
export function ColourField({ value, error, onChange }: Props) {
  const theme = useTheme();
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          name="color"
          type="color"
          label="Colour"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={Boolean(error)}
          helperText={error}
          sx={{ width: 120 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { style: { height: 32, padding: 6, cursor: 'pointer' } } }}
        />
        <Typography sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }} aria-hidden>
          {value}
        </Typography>
      </Stack>
      <Box role="group" aria-label="Preset colours" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {PRESET_COLOURS.map((preset) => {
          const selected = preset.value === value.toLowerCase();
          return (
            <Box
              key={preset.value}
              component="button"
              type="button"
              title={preset.name}
              aria-label={preset.name}
              aria-pressed={selected}
              onClick={() => onChange(preset.value)}
              sx={{
                width: 32,
                height: 32,
                p: 0,
                borderRadius: '50%',
                border: 2,
                borderColor: selected ? 'text.primary' : 'transparent',
                bgcolor: preset.value,
                color: theme.palette.getContrastText(preset.value),
                display: 'grid',
                placeItems: 'center',
                cursor: 'pointer',
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              {selected && <CheckIcon fontSize="small" aria-hidden />}
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}
