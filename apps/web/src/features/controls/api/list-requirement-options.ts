import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Page, type RequirementListItem } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { projectKey } from '../../../lib/query-keys';

/** A requirement as the controls list's filter offers it. */
export type RequirementOption = Pick<RequirementListItem, 'id' | 'framework_code' | 'framework_name' | 'code' | 'title'>;

/**
 * Every requirement of the project (a few hundred: a page or two of 250), in tree order per framework,
 * so that the filter can offer them and name the one a shared link selects. Needs requirements:read.
 */
export async function listRequirementOptions(projectId: string, signal?: AbortSignal): Promise<RequirementOption[]> {
  requireParams('listRequirements', { project_id: projectId });
  const options: RequirementOption[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await apiFetch<Page<RequirementListItem>>(`/api/projects/${encodeURIComponent(projectId)}/requirements`, {
      signal,
      query: { sort_by: 'framework', page, size: MAX_PAGE_SIZE },
    });
    options.push(...answer.items.map(({ id, framework_code, framework_name, code, title }) => ({ id, framework_code, framework_name, code, title })));
    if (page >= answer.pages) return options;
  }
}

export const requirementOptionsQuery = (projectId: string) =>
  queryOptions({
    // Not under the requirements' key: which requirements exist changes with the frameworks, not with
    // the controls' statuses, which are not shown here.
    queryKey: [...projectKey(projectId), 'requirement-options'],
    queryFn: ({ signal }) => listRequirementOptions(projectId, signal),
    staleTime: 5 * 60_000,
  });

export const useRequirementOptions = (projectId: string, enabled: boolean) => useQuery({ ...requirementOptionsQuery(projectId), enabled });
