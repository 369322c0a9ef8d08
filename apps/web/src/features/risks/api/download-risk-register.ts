import { useMutation } from '@tanstack/react-query';
import { apiDownload, requireParams } from '../../../lib/api-client';
import { errorDetail } from '../../../lib/errors';
import { notifyError } from '../../../lib/notifier';
import { saveFile } from '../../../lib/save-file';

/** The whole risk register as CSV, named after the project by the server (Content-Disposition). */
export function downloadRiskRegister(projectId: string): Promise<{ blob: Blob; filename: string }> {
  requireParams('downloadRiskRegister', { project_id: projectId });
  return apiDownload(`/api/projects/${encodeURIComponent(projectId)}/risks.csv`, { notify: false });
}

/** Downloads the CSV and hands it to the browser as a file; a failure is a red notice. */
export function useDownloadRiskRegister(projectId: string) {
  return useMutation({
    mutationFn: () => downloadRiskRegister(projectId),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename.toLowerCase().endsWith('.csv') ? filename : `${filename}.csv`),
    onError: (error) => notifyError(`The risk register could not be downloaded: ${errorDetail(error)}`),
  });
}
