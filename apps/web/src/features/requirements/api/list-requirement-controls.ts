import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ControlListItem, Page } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { controlsKey } from '../../../lib/query-keys';

/** Controls shown under an opened requirement; a requirement maps to a handful. */
export const REQUIREMENT_CONTROLS_SHOWN = 50;

/** The controls a requirement maps to, by code. Needs controls:read. */
export function listRequirementControls(projectId: string, requirementId: string, signal?: AbortSignal): Promise<Page<ControlListItem>> {
  requireParams('listControls', { project_id: projectId, requirement: requirementId });
  return apiFetch<Page<ControlListItem>>(`/api/projects/${encodeURIComponent(projectId)}/controls`, {
    signal,
    query: { requirement: requirementId, page: 1, size: REQUIREMENT_CONTROLS_SHOWN },
  });
}

export const requirementControlsQuery = (projectId: string, requirementId: string) =>
  queryOptions({
    // Among the controls lists: a change to any control refreshes it.
    queryKey: [...controlsKey(projectId), 'list', { requirement: requirementId }],
    queryFn: ({ signal }) => listRequirementControls(projectId, requirementId, signal),
  });

export const useRequirementControls = (projectId: string, requirementId: string) => useQuery(requirementControlsQuery(projectId, requirementId));
