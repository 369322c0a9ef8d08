import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EuAiActSettingsResponse } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { euAiActSettingsKey } from './applicability-keys';

/** The saved EU AI Act settings, each field's options explained, and the classification they give. Needs eu_ai_act_settings:read. */
export function getEuAiActSettings(projectId: string, signal?: AbortSignal): Promise<EuAiActSettingsResponse> {
  requireParams('getEuAiActSettings', { project_id: projectId });
  return apiFetch<EuAiActSettingsResponse>(`/api/projects/${encodeURIComponent(projectId)}/eu_ai_act_settings`, { signal });
}

export const euAiActSettingsQuery = (projectId: string) =>
  queryOptions({ queryKey: euAiActSettingsKey(projectId), queryFn: ({ signal }) => getEuAiActSettings(projectId, signal) });

export const useEuAiActSettings = (projectId: string, enabled = true) => useQuery({ ...euAiActSettingsQuery(projectId), enabled });
