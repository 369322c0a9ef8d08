import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RiskLibraryEntry } from '@aegis/contracts';
import { apiFetch } from '../../../lib/api-client';

/** Common AI risks to start from, levelled on the caller's organization matrix. Every signed-in member. */
export async function listRiskLibrary(signal?: AbortSignal): Promise<RiskLibraryEntry[]> {
  return (await apiFetch<{ items: RiskLibraryEntry[] }>('/api/risk-library', { signal })).items;
}

export const riskLibraryQuery = () =>
  queryOptions({
    // Under the settings of no organization in particular: the entries are data; their levels follow the matrix, refreshed with it.
    queryKey: ['risk-library'],
    queryFn: ({ signal }) => listRiskLibrary(signal),
    staleTime: 5 * 60_000,
  });

export const useRiskLibrary = (enabled = true) => useQuery({ ...riskLibraryQuery(), enabled });
