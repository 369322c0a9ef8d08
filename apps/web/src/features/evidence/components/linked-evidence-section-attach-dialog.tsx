import { useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EVIDENCE_FILE_TYPE_LABELS, type EvidenceLight } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { StatusChip } from '../../../components/status-chip';
import { useDebounced } from '../../../components/use-debounced';
import { errorDetail } from '../../../lib/errors';
import { formatFileSize } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notifier';
import { useEvidenceLight } from '../api/evidence-api';
import { useLinkEvidence, type EvidenceLinkTarget } from '../api/evidence-links-api';
import { FileTypeIcon } from './evidence-file-chip';

type Props = {
  projectId: string;
  target: EvidenceLinkTarget;
  /** How the page names what it links to: "MFF-1.RSK.01", "R-3". */
  targetLabel: string;
  linkedIds: readonly string[];
  open: boolean;
  onClose: () => void;
};

/** Picks evidence the project already holds (by name or text) and links it to the control or risk. Render it with a new key each time it opens. */
export function AttachEvidenceDialog({ projectId, target, targetLabel, linkedIds, open, onClose }: Props) {
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<EvidenceLight[]>([]);
  const [missing, setMissing] = useState<string | null>(null);
  const search = useDebounced(input.trim(), 250);
  const options = useEvidenceLight(projectId, search, open);
  const link = useLinkEvidence(projectId, target);
  const available = (options.data?.items ?? []).filter((evidence) => !linkedIds.includes(evidence.id));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setMissing('Choose at least one file');
      return;
    }
    link.mutate(chosen, {
      onSuccess: (linked) => {
        notifySuccess(`${linked.length === 1 ? `“${linked[0]!.name}”` : `${linked.length} files`} attached to ${targetLabel}`);
        onClose();
      },
    });
  };

  return (
    <FormDialog
      id="attach-evidence"
      open={open}
      onClose={onClose}
      title={`Attach evidence to ${targetLabel}`}
      text="Files already uploaded to the project. The same file can prove several controls and risks."
      error={link.isError ? errorDetail(link.error) : null}
      submitLabel="Attach"
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
        // The server filters by name and text; the options are its answer.
        filterOptions={(items) => items}
        getOptionLabel={(evidence) => evidence.name}
        getOptionKey={(evidence) => evidence.id}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        loading={options.isFetching}
        loadingText="Looking for evidence…"
        noOptionsText={options.isError ? 'The evidence could not be loaded.' : search ? 'No evidence of the project matches' : 'No other evidence in the project: upload a new file instead'}
        renderOption={({ key, ...props }, evidence) => (
          <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <FileTypeIcon fileType={evidence.file_type} color="action" />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{evidence.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[evidence.file_name !== evidence.name && evidence.file_name, EVIDENCE_FILE_TYPE_LABELS[evidence.file_type], formatFileSize(evidence.size)].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
            <StatusChip status={evidence.status} />
          </Box>
        )}
        renderInput={(params) => <TextField {...params} name="evidence" label="Evidence" autoFocus error={Boolean(missing)} helperText={missing ?? 'Type part of a name or of the text inside'} />}
      />
    </FormDialog>
  );
}
