import { useMutation } from '@tanstack/react-query';
import { apiDownload, requireParams } from '../../../lib/api-client';
import { errorDetail } from '../../../lib/errors';
import { notifyError } from '../../../lib/notifier';
import { saveFile } from '../../../lib/save-file';

/** The project as a PDF report, named after the project (Content-Disposition). */
export function exportProject(projectId: string): Promise<{ blob: Blob; filename: string }> {
  requireParams('exportProject', { project_id: projectId });
  return apiDownload(`/api/projects/${encodeURIComponent(projectId)}/export`, { notify: false });
}

/** Downloads the PDF and hands it to the browser as a file; a failure, a 404 included, is a red notice. */
export function useExportProject(projectId: string) {
  return useMutation({
    mutationFn: () => exportProject(projectId),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename.toLowerCase().endsWith('.pdf') ? filename : `${filename}.pdf`),
    onError: (error) => notifyError(`The PDF could not be exported: ${errorDetail(error)}`),
  });
}
