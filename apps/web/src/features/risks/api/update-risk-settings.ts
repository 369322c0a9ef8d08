import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateRiskSettings as updateBody, type RiskSettings, type UpdateRiskSettings } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { riskSettingsKey } from './risk-keys';

export const updateRiskSettingsSchema = updateBody;

/**
 * Sets the matrix and the appetite (config:update); every risk of the organization is levelled again.
 * 422 names each cell where the matrix goes down as likelihood or impact goes up (`body.matrix.<l-1>.<i-1>`).
 */
export function updateRiskSettings(organizationId: string, input: UpdateRiskSettings): Promise<RiskSettings> {
  requireParams('updateRiskSettings', { organization_id: organizationId, body: input });
  return apiFetch<RiskSettings>(`/api/organizations/${encodeURIComponent(organizationId)}/risk-settings`, { method: 'PUT', json: input, notify: false });
}

export function useUpdateRiskSettings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateRiskSettings) => updateRiskSettings(organizationId, input),
    onSuccess: (settings) => {
      queryClient.setQueryData(riskSettingsKey(organizationId), settings);
      // Every risk was levelled again, in every project, and the library's levels follow the matrix.
      return Promise.all([['project'], ['risk-library']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
