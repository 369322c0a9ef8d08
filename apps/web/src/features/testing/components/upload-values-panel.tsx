import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { MAX_VALUES_FILE_BYTES, type PushValuesResult } from '@aegis/contracts';
import { FileDropZone } from '../../../components/file-drop-zone';
import { useUpload } from '../../../components/use-upload';
import { ApiError, errorDetail } from '../../../lib/errors';
import { uploadValues } from '../api/sources-api';
import { useRefreshTesting } from '../api/testing-keys';

const accepted = (result: PushValuesResult) =>
  `${result.accepted.toLocaleString('en')} ${result.accepted === 1 ? 'value' : 'values'} stored${result.duplicate ? ' (this file was sent before: nothing new)' : ''}${result.tests_run ? `; ${result.tests_run} ${result.tests_run === 1 ? 'test' : 'tests'} ran` : ''}.`;

/** Uploads a file of values to a source of kind file: CSV with a `metric,value,timestamp` header, or JSON as a push's body. */
export function UploadValuesPanel({ projectId, sourceId }: { projectId: string; sourceId: string }) {
  const refresh = useRefreshTesting(projectId);
  const upload = useUpload<PushValuesResult>(
    (file, onProgress) => uploadValues(projectId, sourceId, file, onProgress).finally(() => void refresh({ controls: true })),
    (file) => (file.size > MAX_VALUES_FILE_BYTES ? new Error(`it is larger than 2 MB: split it into several files`) : undefined),
  );
  const { state } = upload;
  return (
    <Box sx={{ mt: 2 }}>
      <FileDropZone
        prompt="Drop a CSV or JSON file of values here"
        buttonLabel="Choose a file of values"
        accept=".csv,.json,text/csv,application/json"
        hint="CSV: a header metric,value,timestamp (metric by id or name; timestamp ISO 8601, optional). JSON: {“values”: [{“metric_id”, “value”, “timestamp”}]}. At most 10,000 values and 2 MB."
        disabled={state.status === 'uploading'}
        onFile={(file) => void upload.start(file)}
      />
      {state.status === 'uploading' && <LinearProgress aria-label={`Uploading ${state.file.name}`} variant={state.progress === null ? 'indeterminate' : 'determinate'} value={(state.progress ?? 0) * 100} sx={{ mt: 1 }} />}
      {state.status === 'uploaded' && (
        <Alert severity="success" sx={{ mt: 1 }} onClose={upload.reset}>
          {state.file.name}: {accepted(state.result)}
        </Alert>
      )}
      {state.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={upload.reset}>
          {state.file.name} was not stored: {state.error instanceof ApiError || !(state.error instanceof Error) ? errorDetail(state.error) : state.error.message}
        </Alert>
      )}
    </Box>
  );
}
