import { useMutation } from '@tanstack/react-query';
import { apiDownload, requireParams } from '../../../lib/api-client';
import { errorDetail } from '../../../lib/errors';
import { notifyError } from '../../../lib/notifier';
import { saveFile } from '../../../lib/save-file';

/** The evidence index as CSV: every version a row, with its SHA-256 and the controls and risks it is linked to. */
export function downloadEvidenceIndex(projectId: string): Promise<{ blob: Blob; filename: string }> {
  requireParams('downloadEvidenceIndex', { project_id: projectId });
  return apiDownload(`/api/projects/${encodeURIComponent(projectId)}/evidence.csv`, { notify: false });
}

/** Downloads the index and hands it to the browser as a file; a failure is a red notice. */
export function useDownloadEvidenceIndex(projectId: string) {
  return useMutation({
    mutationFn: () => downloadEvidenceIndex(projectId),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename.toLowerCase().endsWith('.csv') ? filename : `${filename}.csv`),
    onError: (error) => notifyError(`The evidence index could not be downloaded: ${errorDetail(error)}`),
  });
}
