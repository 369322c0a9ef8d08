import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ControlAssessment, Page } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { controlsKey } from '../../../lib/query-keys';

export const ASSESSMENTS_PAGE_SIZE = 10;

/** A control's assessments, newest first. Needs control_assessments:read. */
export function listAssessments(projectId: string, controlCode: string, page: number, signal?: AbortSignal): Promise<Page<ControlAssessment>> {
  requireParams('listControlAssessments', { project_id: projectId, control_code: controlCode });
  const path = `/api/projects/${encodeURIComponent(projectId)}/controls/${encodeURIComponent(controlCode)}/assessments`;
  return apiFetch<Page<ControlAssessment>>(path, { signal, query: { page, size: ASSESSMENTS_PAGE_SIZE } });
}

export const assessmentsKey = (projectId: string, controlCode: string) => [...controlsKey(projectId), 'assessments', controlCode] as const;

export const assessmentsQuery = (projectId: string, controlCode: string) =>
  infiniteQueryOptions({
    queryKey: assessmentsKey(projectId, controlCode),
    queryFn: ({ pageParam, signal }) => listAssessments(projectId, controlCode, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });

export const useAssessments = (projectId: string, controlCode: string) => useInfiniteQuery(assessmentsQuery(projectId, controlCode));
