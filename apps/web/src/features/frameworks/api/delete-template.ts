import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { organizationFrameworksKey } from '../../../lib/query-keys';
import { frameworkSegment, organizationPath } from './paths';

/** Deletes one of the organization's own templates (templates:delete); 409 names the projects that use it, which the dialog shows. */
export function deleteTemplate(organizationId: string, frameworkCode: string): Promise<void> {
  requireParams('deleteTemplate', { organization_id: organizationId, framework_code: frameworkCode });
  return apiFetch<void>(`${organizationPath(organizationId)}/templates/${frameworkSegment(frameworkCode)}`, { method: 'DELETE', notify: false });
}

export function useDeleteTemplate(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (frameworkCode: string) => deleteTemplate(organizationId, frameworkCode),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationFrameworksKey(organizationId) }),
  });
}
