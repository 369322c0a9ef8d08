import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { euAiActSettingsInput, type EuAiActSettingsInput, type EuAiActSettingsResponse, type EuAiActSettingsSaveResponse } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { euAiActSettingsKey, useRefreshAfterApplicabilityChange } from './applicability-keys';

/** The form checks what it sends with the request's own schema. */
export const euAiActSettingsSchema = euAiActSettingsInput;

/**
 * Saves the settings (eu_ai_act_settings:update) and re-evaluates the project's requirements and
 * controls; with `dryRun` saves nothing and answers the classification and what the save would move.
 * 422 names the field (`body.<field>`) of an option not in its list or of a contradiction. A dry run
 * stays quiet on failure: the form shows its refusals by the fields as the person answers.
 */
export function saveEuAiActSettings(projectId: string, input: EuAiActSettingsInput, { dryRun = false, signal }: { dryRun?: boolean; signal?: AbortSignal } = {}) {
  requireParams('saveEuAiActSettings', { project_id: projectId, body: input });
  return apiFetch<EuAiActSettingsSaveResponse>(`/api/projects/${encodeURIComponent(projectId)}/eu_ai_act_settings`, {
    method: 'POST',
    json: input,
    query: dryRun ? { dry_run: 'true' } : undefined,
    signal,
    notify: !dryRun,
  });
}

/**
 * What saving `input` would give, asked again only when the answers change; the previous answer stays
 * on screen meanwhile. Under the settings' key: a save (or anyone's change) makes it stale.
 */
export const euAiActDryRunQuery = (projectId: string, input: EuAiActSettingsInput) =>
  queryOptions({
    queryKey: [...euAiActSettingsKey(projectId), 'dry-run', input],
    queryFn: ({ signal }) => saveEuAiActSettings(projectId, input, { dryRun: true, signal }),
    staleTime: 30_000,
    retry: false,
  });

export const useEuAiActDryRun = (projectId: string, input: EuAiActSettingsInput, enabled: boolean) =>
  useQuery({ ...euAiActDryRunQuery(projectId, input), enabled, placeholderData: keepPreviousData });

export function useSaveEuAiActSettings(projectId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterApplicabilityChange(projectId);
  return useMutation({
    mutationFn: (input: EuAiActSettingsInput) => saveEuAiActSettings(projectId, input),
    onSuccess: ({ change: _change, saved: _saved, ...settings }) => {
      queryClient.setQueryData<EuAiActSettingsResponse>(euAiActSettingsKey(projectId), settings);
      return refresh();
    },
  });
}
