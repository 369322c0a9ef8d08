import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ControlDetail } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { controlsKey } from '../../../lib/query-keys';

/** A control with what it asks, the requirements it satisfies, its people and status history. 404 when the project has no such control. */
export function getControl(projectId: string, controlCode: string, signal?: AbortSignal): Promise<ControlDetail> {
  requireParams('getControl', { project_id: projectId, control_code: controlCode });
  return apiFetch<ControlDetail>(`/api/projects/${encodeURIComponent(projectId)}/controls/${encodeURIComponent(controlCode)}`, { signal, notify: false });
}

export const controlKey = (projectId: string, controlCode: string) => [...controlsKey(projectId), 'detail', controlCode] as const;

export const controlQuery = (projectId: string, controlCode: string) =>
  queryOptions({
    queryKey: controlKey(projectId, controlCode),
    queryFn: ({ signal }) => getControl(projectId, controlCode, signal),
  });

export const useControl = (projectId: string, controlCode: string) => useQuery(controlQuery(projectId, controlCode));
