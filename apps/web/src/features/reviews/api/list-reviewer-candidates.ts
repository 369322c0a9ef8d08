import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, projectRightsFor, type Page, type PersonRef, type ProjectMember } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { projectKey } from '../../../lib/query-keys';

/**
 * The project's members who may decide reviews (their roles hold reviews:set_decision). The picker
 * leaves out the review's requester, who cannot decide it. Needs users:read.
 */
export async function listReviewerCandidates(projectId: string, signal?: AbortSignal): Promise<PersonRef[]> {
  requireParams('listProjectMembers', { project_id: projectId });
  const page = await apiFetch<Page<ProjectMember>>(`/api/projects/${encodeURIComponent(projectId)}/users`, {
    signal,
    query: { sort_by: 'name', page: 1, size: MAX_PAGE_SIZE },
  });
  return page.items
    .filter((member) => projectRightsFor(member.roles).includes('reviews:set_decision'))
    .map((member) => ({ id: member.user_id, name: `${member.firstname} ${member.lastname}`.trim() || member.email, email: member.email }));
}

export const reviewerCandidatesQuery = (projectId: string) =>
  queryOptions({
    // Under the project's members: a role change there refreshes the picker too.
    queryKey: [...projectKey(projectId), 'members', 'reviewer-candidates'],
    queryFn: ({ signal }) => listReviewerCandidates(projectId, signal),
    staleTime: 60_000,
  });

export const useReviewerCandidates = (projectId: string, enabled = true) => useQuery({ ...reviewerCandidatesQuery(projectId), enabled });
