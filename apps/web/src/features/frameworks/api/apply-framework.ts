import type { ProjectFramework } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';

/** Applies one framework (frameworks:create): 201; 409 when already applied, 404/422 when unknown or not enabled. */
export function applyFramework(projectId: string, frameworkCode: string): Promise<ProjectFramework> {
  requireParams('applyFramework', { project_id: projectId, framework_code: frameworkCode });
  return apiFetch<ProjectFramework>(`/api/projects/${encodeURIComponent(projectId)}/frameworks`, { method: 'POST', json: { framework_code: frameworkCode } });
}
