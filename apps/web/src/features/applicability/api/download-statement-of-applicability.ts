import { useMutation } from '@tanstack/react-query';
import { apiDownload, requireParams } from '../../../lib/api-client';
import { errorDetail } from '../../../lib/errors';
import { notifyError } from '../../../lib/notifier';
import { saveFile } from '../../../lib/save-file';

/** The statement of applicability as CSV, named by the server (Content-Disposition). */
export function downloadStatementOfApplicability(projectId: string, framework: string): Promise<{ blob: Blob; filename: string }> {
  requireParams('downloadStatementOfApplicability', { project_id: projectId, framework });
  return apiDownload(`/api/projects/${encodeURIComponent(projectId)}/statement-of-applicability.csv`, { query: { framework }, notify: false });
}

/** Downloads the CSV and hands it to the browser as a file; a failure is a red notice. */
export function useDownloadStatementOfApplicability(projectId: string, framework: string) {
  return useMutation({
    mutationFn: () => downloadStatementOfApplicability(projectId, framework),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename.toLowerCase().endsWith('.csv') ? filename : `${filename}.csv`),
    onError: (error) => notifyError(`The statement of applicability could not be downloaded: ${errorDetail(error)}`),
  });
}
