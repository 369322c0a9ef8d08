import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FrameworkQuestionnaireList } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { questionnairesKey } from './applicability-keys';

/** The questionnaires of the frameworks the project applies, with their questions, answers and completion. Needs questionnaire:read. */
export function listQuestionnaires(projectId: string, signal?: AbortSignal): Promise<FrameworkQuestionnaireList> {
  requireParams('listQuestionnaires', { project_id: projectId });
  return apiFetch<FrameworkQuestionnaireList>(`/api/projects/${encodeURIComponent(projectId)}/frameworks-questionnaires`, { signal });
}

export const questionnairesQuery = (projectId: string) =>
  queryOptions({ queryKey: questionnairesKey(projectId), queryFn: ({ signal }) => listQuestionnaires(projectId, signal) });

export const useQuestionnaires = (projectId: string, enabled = true) => useQuery({ ...questionnairesQuery(projectId), enabled });
