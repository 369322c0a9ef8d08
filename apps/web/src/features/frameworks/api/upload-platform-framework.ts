import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlatformFramework } from '@aegis/contracts';
import { apiUpload } from '../../../lib/api-client';
import { ALL_FRAMEWORKS_KEY } from '../../../lib/query-keys';
import { PLATFORM_FRAMEWORKS_KEY } from './list-platform-frameworks';
import { PLATFORM_FRAMEWORKS_PATH } from './paths';
import type { TemplateUpload } from './upload-template';

export type PlatformFrameworkUpload = TemplateUpload & { enabledByDefault: boolean };

/**
 * Uploads a platform framework (platform operators): 201; the same 422/409/413 refusals as an
 * organization's upload, shown by the uploader. `enabledByDefault` switches it on for every organization.
 */
export function uploadPlatformFramework({ file, onProgress, enabledByDefault }: PlatformFrameworkUpload): Promise<PlatformFramework> {
  return apiUpload<PlatformFramework>(PLATFORM_FRAMEWORKS_PATH, file, {
    query: { enabled_by_default: enabledByDefault || undefined },
    onUploadProgress: onProgress,
    notify: false,
  });
}

/** Every organization's catalogue may now list it: drop them all, with the platform list. */
export function useUploadPlatformFramework() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPlatformFramework,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: PLATFORM_FRAMEWORKS_KEY }), queryClient.invalidateQueries({ queryKey: ALL_FRAMEWORKS_KEY })]),
  });
}
