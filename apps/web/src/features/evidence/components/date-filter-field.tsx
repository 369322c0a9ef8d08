import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { formatDate, parseDisplayDate } from '../../../lib/format';

type Props = {
  label: string;
  name: string;
  /** The day the list is filtered by (YYYY-MM-DD), or none. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
};

/**
 * A day typed as dates are shown (DD-MM-YYYY); the filter changes once the text is a whole date (or
 * empty), on leaving the field or pressing Enter. A change of the URL from elsewhere shows in it.
 */
export function DateFilterField({ label, name, value, onChange }: Props) {
  const shown = formatDate(value);
  const [text, setText] = useState(shown);
  const [seen, setSeen] = useState(shown);
  const [invalid, setInvalid] = useState(false);
  if (shown !== seen) {
    setSeen(shown);
    setText(shown);
    setInvalid(false);
  }

  const apply = () => {
    const trimmed = text.trim();
    if (!trimmed) {
      setInvalid(false);
      if (value !== undefined) onChange(undefined);
      return;
    }
    const day = parseDisplayDate(trimmed);
    setInvalid(day === null);
    if (day && day !== value) onChange(day);
  };

  return (
    <TextField
      size="small"
      name={name}
      label={label}
      placeholder="DD-MM-YYYY"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          apply();
        }
      }}
      error={invalid}
      helperText={invalid ? 'Write the date as DD-MM-YYYY' : undefined}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off' } }}
    />
  );
}
