import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDebounced } from '../../../components/use-debounced';
import { useControlOptions, useRiskOptions } from '../api/evidence-options-api';

type Option = { key: string; title: string };

type PickerProps = {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  options: Option[];
  loading: boolean;
  failed: boolean;
  onInput: (text: string) => void;
  helperText?: string;
};

/** Several keys (control codes, risk references) chosen from what the server finds for the typed text. */
function KeyPicker({ label, value, onChange, options, loading, failed, onInput, helperText }: PickerProps) {
  const titles = new Map(options.map((option) => [option.key, option.title]));
  return (
    <Autocomplete
      multiple
      size="small"
      options={options.map((option) => option.key)}
      value={value}
      onChange={(_event, chosen) => onChange(chosen)}
      onInputChange={(_event, text, reason) => reason !== 'reset' && onInput(text)}
      // The server filters by code (or reference) and title; the options are its answer.
      filterOptions={(keys) => keys}
      loading={loading}
      loadingText="Looking…"
      noOptionsText={failed ? 'They could not be loaded.' : 'Nothing of the project matches'}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{option}</Typography>
            {titles.get(option) && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {titles.get(option)}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={label} placeholder={value.length ? undefined : 'All'} helperText={helperText} slotProps={{ ...params.slotProps, inputLabel: { shrink: true } }} />}
    />
  );
}

/** Spec section 3's associated_controls: evidence linked to any of these controls (by code). */
export function ControlsFilter({ projectId, value, onChange }: { projectId: string; value: string[]; onChange: (codes: string[]) => void }) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 250);
  const [opened, setOpened] = useState(false);
  const controls = useControlOptions(projectId, search, opened || search !== '');
  return (
    <Box onFocusCapture={() => setOpened(true)}>
      <KeyPicker
        label="Controls"
        value={value}
        onChange={onChange}
        options={(controls.data?.items ?? []).map((control) => ({ key: control.control_code, title: control.title }))}
        loading={controls.isFetching}
        failed={controls.isError}
        onInput={setInput}
      />
    </Box>
  );
}

/** Spec section 3's associated_risks: evidence linked to any of these risks (by reference). */
export function RisksFilter({ projectId, value, onChange }: { projectId: string; value: string[]; onChange: (references: string[]) => void }) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 250);
  const [opened, setOpened] = useState(false);
  const risks = useRiskOptions(projectId, search, opened || search !== '');
  return (
    <Box onFocusCapture={() => setOpened(true)}>
      <KeyPicker
        label="Risks"
        value={value}
        onChange={onChange}
        options={(risks.data?.items ?? []).map((risk) => ({ key: risk.reference, title: risk.name }))}
        loading={risks.isFetching}
        failed={risks.isError}
        onInput={setInput}
      />
    </Box>
  );
}
