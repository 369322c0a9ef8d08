import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { MAX_FRAMEWORK_TEMPLATE_BYTES } from '@aegis/contracts';
import { FileDropZone } from '../../../components/file-drop-zone';
import { useUpload, type SendFile, type UploadState } from '../../../components/use-upload';
import { ApiError, errorDetail } from '../../../lib/errors';
import { formatFileSize } from '../../../lib/format';
import { TemplateFormatNote } from './template-format-note';
import { TemplateProblems } from './template-problems';

type Uploaded = { name: string; framework_code: string };

type Props = {
  upload: SendFile<Uploaded>;
  /** Where the uploaded framework opens. */
  frameworkHref: (frameworkCode: string) => string;
  /** Options sent with the file, above the drop zone. */
  options?: ReactNode;
};

const ACCEPT = '.json,.yaml,.yml,application/json,application/yaml,text/yaml';

/** Refused before sending: the server would answer 413 after the whole file had travelled. */
function tooLarge(file: File): string | undefined {
  if (file.size <= MAX_FRAMEWORK_TEMPLATE_BYTES) return undefined;
  return `${file.name} is ${formatFileSize(file.size)}; a template can be at most ${formatFileSize(MAX_FRAMEWORK_TEMPLATE_BYTES)}.`;
}

function Progress({ state }: { state: Extract<UploadState<Uploaded>, { status: 'uploading' }> }) {
  const percent = state.progress === null ? null : Math.round(state.progress * 100);
  const label = `Uploading ${state.file.name}`;
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {percent === null ? `${label}…` : percent < 100 ? `${label}… ${percent} %` : `${label}: checking the template…`}
      </Typography>
      <LinearProgress aria-label={label} variant={percent === null || percent === 100 ? 'indeterminate' : 'determinate'} value={percent ?? undefined} />
    </Box>
  );
}

function Failure({ file, error }: { file: File; error: unknown }) {
  if (typeof error === 'string') return <Alert severity="error">{error}</Alert>;
  if (error instanceof ApiError && error.status === 422) return <TemplateProblems fileName={file.name} detail={error.detail} problems={error.errors} />;
  return <Alert severity="error">{`${file.name} was not uploaded: ${errorDetail(error)}`}</Alert>;
}

/**
 * Drop or choose a template file; it is checked for size, then sent with its progress shown. A refusal
 * lists the file's problems; the next file starts over.
 */
export function TemplateUploader({ upload, frameworkHref, options }: Props) {
  const { state, start } = useUpload<Uploaded>(upload, tooLarge);

  return (
    <Stack spacing={2}>
      <TemplateFormatNote />
      {options}
      <FileDropZone
        prompt="Drop a template file here"
        buttonLabel="Choose a template file"
        accept={ACCEPT}
        hint={`JSON or YAML, at most ${formatFileSize(MAX_FRAMEWORK_TEMPLATE_BYTES)}.`}
        disabled={state.status === 'uploading'}
        onFile={(file) => void start(file)}
      />
      <Box role="status">
        {state.status === 'uploading' && <Progress state={state} />}
        {state.status === 'uploaded' && (
          <Alert severity="success">
            {`${state.result.name} (${state.result.framework_code}) was uploaded. `}
            <Link component={RouterLink} to={frameworkHref(state.result.framework_code)}>
              Open it
            </Link>
          </Alert>
        )}
      </Box>
      {state.status === 'failed' && <Failure file={state.file} error={state.error} />}
    </Stack>
  );
}
