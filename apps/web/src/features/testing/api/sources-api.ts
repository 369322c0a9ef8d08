import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { createTestingSource, type AssetCardSyncResult, type CreateTestingSource, type Page, type PushValuesResult, type TestingSource } from '@aegis/contracts';
import { apiFetch, apiUpload, requireParams } from '../../../lib/api-client';
import type { UploadProgress } from '../../../lib/xhr-fetch';
import { sourceBase, testingBase, testingKeys, useRefreshTesting } from './testing-keys';

/** The new-source form checks its input with the request schema before sending. */
export const createSourceSchema = createTestingSource;

/** Sources are few per project: one page of up to 100 is all of them. */
const ALL = { page: 1, size: 100, sort_by: 'name' } as const;

/** The project's sources, by name. Needs testing_sources:read. */
export function listSources(projectId: string, signal?: AbortSignal): Promise<Page<TestingSource>> {
  requireParams('listTestingSources', { project_id: projectId });
  return apiFetch<Page<TestingSource>>(`${testingBase(projectId)}/sources`, { signal, query: ALL, notify: false });
}

export const sourcesQuery = (projectId: string) => queryOptions({ queryKey: testingKeys.sources(projectId), queryFn: ({ signal }) => listSources(projectId, signal) });

export const useSources = (projectId: string, enabled = true) => useQuery({ ...sourcesQuery(projectId), enabled });

/** Adds a source; 422 names the field it refuses (an asset_card source without its model card). */
export function createSource(projectId: string, input: CreateTestingSource): Promise<TestingSource> {
  requireParams('createTestingSource', { project_id: projectId, body: input });
  return apiFetch<TestingSource>(`${testingBase(projectId)}/sources`, { method: 'POST', json: input, notify: false });
}

export function useCreateSource(projectId: string) {
  const refresh = useRefreshTesting(projectId);
  return useMutation({ mutationFn: (input: CreateTestingSource) => createSource(projectId, input), onSuccess: () => refresh() });
}

/** Reads the model card's `model-index` results into the source's metrics (kind asset_card): a metric per result, created when missing. */
export function syncSource(projectId: string, sourceId: string): Promise<AssetCardSyncResult> {
  requireParams('syncTestingSource', { project_id: projectId, testing_source_id: sourceId });
  return apiFetch<AssetCardSyncResult>(`${sourceBase(projectId, sourceId)}/sync`, { method: 'POST', notify: false });
}

export function useSyncSource(projectId: string, sourceId: string) {
  const refresh = useRefreshTesting(projectId);
  return useMutation({ mutationFn: () => syncSource(projectId, sourceId), onSuccess: () => refresh({ controls: true }) });
}

/** Uploads a CSV (`metric,value,timestamp`) or JSON file of values to a source of kind file. */
export function uploadValues(projectId: string, sourceId: string, file: File, onUploadProgress?: (progress: UploadProgress) => void): Promise<PushValuesResult> {
  requireParams('uploadTestingValues', { project_id: projectId, testing_source_id: sourceId, file });
  return apiUpload<PushValuesResult>(`${sourceBase(projectId, sourceId)}/values`, file, { onUploadProgress, notify: false });
}
