import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FrameworkSummary } from '@aegis/contracts';
import { apiUpload, requireParams } from '../../../lib/api-client';
import { organizationFrameworksKey } from '../../../lib/query-keys';
import type { UploadProgress } from '../../../lib/xhr-fetch';
import { organizationPath } from './paths';

export type TemplateUpload = { file: File; onProgress: (progress: UploadProgress) => void };

/**
 * Uploads one of the organization's own templates (templates:upload): 201 with the framework; 422
 * lists every problem of the file, 409 when the code is taken, 413 when too large. The uploader shows
 * the refusal itself, so no red notice.
 */
export function uploadTemplate(organizationId: string, { file, onProgress }: TemplateUpload): Promise<FrameworkSummary> {
  requireParams('uploadTemplate', { organization_id: organizationId, file });
  return apiUpload<FrameworkSummary>(`${organizationPath(organizationId)}/templates`, file, { onUploadProgress: onProgress, notify: false });
}

export function useUploadTemplate(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: TemplateUpload) => uploadTemplate(organizationId, upload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationFrameworksKey(organizationId) }),
  });
}
