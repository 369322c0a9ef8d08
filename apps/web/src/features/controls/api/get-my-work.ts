import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyWorkItem } from '@aegis/contracts';
import { apiFetch } from '../../../lib/api-client';
import { myWorkKey } from '../../../lib/query-keys';

/** Per project of the organization: the open controls assigned to the signed-in user, those they review, those needing attention. */
export async function getMyWork(signal?: AbortSignal): Promise<MyWorkItem[]> {
  const answer = await apiFetch<{ items: MyWorkItem[] }>('/api/users/me/work', { signal });
  return answer.items;
}

export const myWorkQuery = () => queryOptions({ queryKey: myWorkKey(), queryFn: ({ signal }) => getMyWork(signal) });

export const useMyWork = () => useQuery(myWorkQuery());
