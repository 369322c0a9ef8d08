import { useQuery } from '@tanstack/react-query';
import type { AssetCardListItem, Page } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { projectKey } from '../../../lib/query-keys';

/** The project's model cards (up to 100, by name): what a source of kind asset_card may read. Needs asset_cards:read. */
export function listModelCards(projectId: string, signal?: AbortSignal): Promise<Page<AssetCardListItem>> {
  requireParams('listModelCards', { project_id: projectId });
  return apiFetch<Page<AssetCardListItem>>(`/api/projects/${encodeURIComponent(projectId)}/asset_cards`, {
    signal,
    query: { asset_card_type: 'model', sort_by: 'name', page: 1, size: 100 },
    notify: false,
  });
}

/** Under the asset cards' key (features may not import one another's): a new or renamed card refreshes the picker. */
export const useModelCards = (projectId: string, enabled = true) =>
  useQuery({ queryKey: [...projectKey(projectId), 'asset-cards', 'models'], queryFn: ({ signal }) => listModelCards(projectId, signal), enabled });
