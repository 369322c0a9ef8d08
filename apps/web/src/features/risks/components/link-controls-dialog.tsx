import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
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
import { useControlOptions } from '../api/list-control-options';
import { useLinkRiskControls } from '../api/link-risk-control';
import { outOfScopeWarning } from './out-of-scope-warning';

type Props = { projectId: string; riskId: string; reference: string; linkedIds: readonly string[]; open: boolean; onClose: () => void };

/** Picks controls of the project (by code or title) that reduce the risk, and links them. Render it with a new key each time it opens. */
export function LinkControlsDialog({ projectId, riskId, reference, linkedIds, open, onClose }: Props) {
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<ControlLight[]>([]);
  const [missing, setMissing] = useState<string | null>(null);
  const search = useDebounced(input.trim(), 250);
  const options = useControlOptions(projectId, search, open);
  const link = useLinkRiskControls(projectId, riskId);
  const available = (options.data?.items ?? []).filter((control) => !linkedIds.includes(control.id));
  const outOfScope = chosen.filter((control) => control.status === 'out_of_scope');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setMissing('Choose at least one control');
      return;
    }
    link.mutate(
      chosen.map((control) => control.id),
      {
        onSuccess: (linked) => {
          notifySuccess(`${linked.length === 1 ? linked[0]!.control_code : `${linked.length} controls`} linked to ${reference}`);
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      id="link-controls"
      open={open}
      onClose={onClose}
      title={`Link controls to ${reference}`}
      text="The controls of the project that make this risk less likely or less harmful. Their status shows how far the mitigation is."
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
        renderInput={(params) => (
          <TextField {...params} name="controls" label="Controls" autoFocus error={Boolean(missing)} helperText={missing ?? 'Type part of a code or a title'} />
        )}
      />
      {outOfScope.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {outOfScopeWarning(outOfScope, reference)} You can link {outOfScope.length === 1 ? 'it' : 'them'} all the same.
        </Alert>
      )}
    </FormDialog>
  );
}
