import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ControlLight, Page } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { controlsKey } from '../../../lib/query-keys';

/** Up to 50 of the project's controls matching `name` (code or title), by code: the control picker's options. Needs controls:read. */
export async function listControlOptions(projectId: string, name: string, signal?: AbortSignal): Promise<Page<ControlLight>> {
  requireParams('listControlsLight', { project_id: projectId });
  return apiFetch<Page<ControlLight>>(`/api/v1/projects/${encodeURIComponent(projectId)}/controls`, {
    signal,
    query: { name: name || undefined, sort_by: 'control_code', page: 1, size: 50 },
  });
}

export const controlOptionsQuery = (projectId: string, name: string) =>
  queryOptions({
    // Under the project's controls: a control's status change refreshes the picker too.
    queryKey: [...controlsKey(projectId), 'light', name],
    queryFn: ({ signal }) => listControlOptions(projectId, name, signal),
    placeholderData: keepPreviousData,
  });

export const useControlOptions = (projectId: string, name: string, enabled = true) => useQuery({ ...controlOptionsQuery(projectId, name), enabled });
