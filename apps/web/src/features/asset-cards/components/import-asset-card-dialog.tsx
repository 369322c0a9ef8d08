import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import {
  ASSET_CARD_NATURE_LABELS,
  ASSET_CARD_NATURES,
  ASSET_CARD_TYPE_LABELS,
  ASSET_CARD_TYPES,
  MAX_ASSET_CARD_FILE_BYTES,
  type AssetCardImportPreview,
  type AssetCardNature,
  type AssetCardType,
} from '@aegis/contracts';
import { FileDropZone } from '../../../components/file-drop-zone';
import { FormDialog } from '../../../components/form-dialog';
import { ApiError, errorDetail } from '../../../lib/errors';
import { formatFileSize } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notifier';
import { useAssetCardImportPreview, useImportAssetCard } from '../api/asset-cards-api';
import { assetDetailPath } from '../asset-paths';

type Props = { projectId: string; open: boolean; onClose: () => void };

/** A refusal of the file, in words, with each problem the server names (and its line in the file). */
function Refusal({ error }: { error: unknown }) {
  const problems = error instanceof ApiError ? error.errors.filter((problem) => problem.message !== error.detail) : [];
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      <Typography variant="body2">{errorDetail(error)}</Typography>
      {problems.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {problems.map((problem) => (
            <li key={`${problem.path}-${problem.line ?? ''}-${problem.message}`}>
              <Typography variant="body2">
                {problem.line !== undefined ? `Line ${problem.line}: ` : ''}
                {problem.message}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

/** What the server read from the chosen file, shown before anything is created. */
function PreviewSummary({ preview }: { preview: AssetCardImportPreview }) {
  const rows: [string, string][] = [
    ['Name', preview.name ?? 'None in the file: give one below'],
    ['Type', ASSET_CARD_TYPE_LABELS[preview.asset_card_type]],
    ['Nature', ASSET_CARD_NATURE_LABELS[preview.asset_card_nature]],
    ['Licence', preview.license ?? 'Not given'],
    ['Datasets', preview.datasets.length ? preview.datasets.join(', ') : 'None'],
    [
      'Metrics',
      preview.metrics.length ? preview.metrics.map((m) => `${m.name} ${m.value}${m.dataset ? ` (${m.dataset})` : ''}`).join('; ') : 'None',
    ],
  ];
  if (preview.asset_card_type === 'model' && preview.datasets.length)
    rows.push(['Trained on', preview.linked_datasets.length ? preview.linked_datasets.map((d) => d.name).join(', ') : 'No dataset card of this project has these names']);
  if (preview.sections.length) rows.push(['Sections', preview.sections.join(', ')]);
  return (
    <Box component="section" aria-label="What the card file holds" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        Read from the file
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Creates a card from a Hugging Face model or dataset card (README.md): its front matter becomes the
 * key facts (licence, languages, base model, metrics…), its `##` sections the card's; the type is read
 * from the card unless chosen. A file the server refuses (over 1 MB, not text, bad YAML) says why, with
 * the line. Once a file is chosen, what the server read from it (name, type, licence, datasets, metrics)
 * is shown before the card is created; a file without a name asks for one. The new card's page opens.
 * Render it with a new key each time it opens.
 */
export function ImportAssetCardDialog({ projectId, open, onClose }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<AssetCardType | ''>('');
  const [nature, setNature] = useState<AssetCardNature | ''>('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useImportAssetCard(projectId);
  const preview = useAssetCardImportPreview(projectId, file ? { file, type: type || undefined, nature: nature || undefined, name } : null);
  const nameRequired = preview.data?.name_required === true && !name.trim();
  const navigate = useNavigate();

  const choose = (chosen: File) => {
    upload.reset();
    if (chosen.size > MAX_ASSET_CARD_FILE_BYTES) {
      setFile(null);
      setProblem(`${chosen.name} is ${formatFileSize(chosen.size)}: a card file may be at most ${formatFileSize(MAX_ASSET_CARD_FILE_BYTES)}.`);
      return;
    }
    setProblem(null);
    setFile(chosen);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setProblem('Choose a README.md card file first.');
      return;
    }
    if (nameRequired) {
      setProblem('The card file gives no name: type one in Name.');
      document.getElementById('import-asset-card-name')?.focus();
      return;
    }
    setProblem(null);
    upload.mutate(
      { file, type: type || undefined, nature: nature || undefined, name },
      {
        onSuccess: (card) => {
          notifySuccess(`${card.name} imported from ${file.name}`);
          onClose();
          void navigate(assetDetailPath(projectId, card.id));
        },
      },
    );
  };

  return (
    <FormDialog
      id="import-asset-card"
      open={open}
      onClose={onClose}
      title="Import a card"
      text="Bring in a model or dataset card written in the Hugging Face format: a README.md with YAML front matter (license, datasets, language, metrics, model-index…) and ## sections."
      submitLabel="Import card"
      pending={upload.isPending}
      onSubmit={submit}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <FileDropZone
          prompt="Drop a README.md card here"
          buttonLabel="Choose a card file"
          accept=".md,.markdown,text/markdown,text/plain"
          hint={`Markdown, at most ${formatFileSize(MAX_ASSET_CARD_FILE_BYTES)}`}
          disabled={upload.isPending}
          onFile={choose}
        />
        {file && (
          <Typography role="status" variant="body2">
            Chosen: <strong>{file.name}</strong> ({formatFileSize(file.size)})
            {preview.isFetching ? ' — reading it…' : ''}
          </Typography>
        )}
        {file && preview.data && !preview.isError && <PreviewSummary preview={preview.data} />}
        {file && preview.isError && !upload.isError && <Refusal error={preview.error} />}
        <TextField
          id="import-asset-card-name"
          name="name"
          label="Name"
          fullWidth
          value={name}
          onChange={(event) => setName(event.target.value)}
          required={preview.data?.name_required === true}
          error={nameRequired && problem !== null}
          helperText={preview.data?.name_required ? 'The file gives no name: the card needs one' : 'Leave empty to keep the name the card gives'}
          slotProps={{ htmlInput: { maxLength: 300 }, inputLabel: { shrink: true } }}
        />
        <TextField
          select
          name="asset_card_type"
          label="Type"
          fullWidth
          value={type}
          onChange={(event) => setType(event.target.value as AssetCardType | '')}
          helperText="Read from the card unless you choose: dataset-card fields make it a dataset, anything else a model"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">Read from the card</MenuItem>
          {ASSET_CARD_TYPES.map((option) => (
            <MenuItem key={option} value={option}>
              {ASSET_CARD_TYPE_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          name="asset_card_nature"
          label="Nature"
          fullWidth
          value={nature}
          onChange={(event) => setNature(event.target.value as AssetCardNature | '')}
          helperText="Where the asset comes from; the server decides when left open"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">Not said</MenuItem>
          {ASSET_CARD_NATURES.map((option) => (
            <MenuItem key={option} value={option}>
              {ASSET_CARD_NATURE_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
      {upload.isError && <Refusal error={upload.error} />}
    </FormDialog>
  );
}
