import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EuAiActSettingFieldInfo } from '@aegis/contracts';
import { chooseOptions } from '../settings-draft';

type Props = {
  field: EuAiActSettingFieldInfo;
  value: string[];
  onChange: (value: string[]) => void;
  /** For readers: the answer stays legible and the select does not open. */
  readOnly: boolean;
  /** While a save is under way. */
  disabled: boolean;
  error?: string;
};

const NONE = '';

/**
 * One of the eight settings: a select (several values with chips where several can hold), each option
 * with what choosing it means in plain words and its article; under it, the field's help and the
 * meaning of what is chosen.
 */
export function SettingField({ field, value, onChange, readOnly, disabled, error }: Props) {
  const id = `eu-ai-act-${field.key}`;
  const byValue = new Map(field.options.map((option) => [option.value, option]));
  const chosen = value.map((v) => byValue.get(v)).filter((option) => option !== undefined);
  const describedBy = `${id}-chosen`;

  return (
    <Box>
      <TextField
        select
        fullWidth
        id={id}
        name={field.key}
        label={field.label}
        required={field.required}
        value={field.multiple ? value : (value[0] ?? NONE)}
        disabled={disabled}
        error={Boolean(error)}
        helperText={error ?? field.help}
        onChange={(event) => {
          const next = event.target.value as unknown as string[] | string;
          if (!field.multiple) onChange(next === NONE ? [] : [next as string]);
          else onChange(chooseOptions(field, value, typeof next === 'string' ? next.split(',') : next));
        }}
        slotProps={{
          inputLabel: { shrink: true },
          input: { readOnly },
          select: {
            multiple: field.multiple,
            displayEmpty: true,
            MenuProps: { slotProps: { paper: { sx: { maxWidth: 560, maxHeight: 440 } } } },
            renderValue: () =>
              chosen.length === 0 ? (
                <Typography component="span" color="text.secondary">
                  Not answered
                </Typography>
              ) : field.multiple ? (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {chosen.map((option) => (
                    <Chip key={option.value} size="small" label={option.label} />
                  ))}
                </Box>
              ) : (
                chosen[0]?.label
              ),
          },
        }}
      >
        {!field.multiple && (
          <MenuItem value={NONE}>
            <ListItemText primary="Not answered" secondary="Clears the answer" />
          </MenuItem>
        )}
        {field.options.map((option) => (
          <MenuItem key={option.value} value={option.value} sx={{ alignItems: 'flex-start', whiteSpace: 'normal' }}>
            {field.multiple && (
              <Checkbox checked={value.includes(option.value)} size="small" sx={{ p: 0.5, mr: 1 }} tabIndex={-1} slotProps={{ input: { 'aria-hidden': true } }} />
            )}
            <ListItemText primary={option.label} secondary={`${option.explanation} (${option.article})`} />
          </MenuItem>
        ))}
      </TextField>
      {chosen.length > 0 && (
        <Box id={describedBy} component="ul" sx={{ m: 0, mt: 0.5, pl: 2, color: 'text.secondary' }}>
          {chosen.map((option) => (
            <Typography key={option.value} component="li" variant="body2">
              <Box component="span" sx={{ fontWeight: 600 }}>
                {option.label}
              </Box>
              : {option.explanation} ({option.article})
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
