import { useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ControlLight } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { StatusChip } from '../../../components/status-chip';
import { useDebounced } from '../../../components/use-debounced';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useControlOptions, useLinkTestControls } from '../api/controls-api';

type Props = { projectId: string; testId: string; reference: string; linkedIds: readonly string[]; open: boolean; onClose: () => void };

/** Picks controls of the project (by code or title) that the test proves, and links them. Render it with a new key each time it opens. */
export function LinkControlsDialog({ projectId, testId, reference, linkedIds, open, onClose }: Props) {
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<ControlLight[]>([]);
  const [missing, setMissing] = useState<string | null>(null);
  const search = useDebounced(input.trim(), 250);
  const options = useControlOptions(projectId, search, open);
  const link = useLinkTestControls(projectId, testId);
  const available = (options.data?.items ?? []).filter((control) => !linkedIds.includes(control.id));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setMissing('Choose at least one control');
      return;
    }
    link.mutate(
      chosen.map((control) => control.id),
      {
        onSuccess: () => {
          notifySuccess(`${chosen.length === 1 ? chosen[0]!.control_code : `${chosen.length} controls`} linked to ${reference}`);
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      id="link-test-controls"
      open={open}
      onClose={onClose}
      title={`Link controls to ${reference}`}
      text="The controls this test proves. Each of its next results is stored as evidence on them, and a failure is flagged on them."
      error={link.isError ? errorDetail(link.error) : null}
      submitLabel="Link"
      pending={link.isPending}
      onSubmit={submit}
    >
      <Autocomplete
        multiple
        options={available}
        value={chosen}
        onChange={(_event, next) => {
          setChosen(next);
          setMissing(null);
        }}
        inputValue={input}
        onInputChange={(_event, text, reason) => reason !== 'reset' && setInput(text)}
        // The server filters by code and title; the options are its answer.
        filterOptions={(items) => items}
        getOptionLabel={(control) => `${control.control_code} ${control.title}`}
        getOptionKey={(control) => control.id}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        loading={options.isFetching}
        loadingText="Looking for controls…"
        noOptionsText={options.isError ? 'The controls could not be loaded.' : search ? 'No control of the project matches' : 'No other control in the project'}
        renderOption={({ key, ...props }, control) => (
          <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{control.control_code}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {control.title}
              </Typography>
            </Box>
            <StatusChip status={control.status} />
          </Box>
        )}
        renderInput={(params) => <TextField {...params} name="controls" label="Controls" autoFocus error={Boolean(missing)} helperText={missing ?? 'Type part of a code or a title'} />}
      />
    </FormDialog>
  );
}
