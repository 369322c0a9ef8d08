import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FrameworkQuestionnaire } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterApplicabilityChange } from './applicability-keys';
import { storeQuestionnaire } from './questionnaire-cache';

/**
 * Marks a framework's questionnaire complete, or reopens it so that its answers may change again
 * (questionnaire:update). 409 when a question is still unanswered or it already is as asked.
 */
export function setQuestionnaireCompletion(projectId: string, frameworkCode: string, action: 'complete' | 'reopen'): Promise<FrameworkQuestionnaire> {
  requireParams('setQuestionnaireCompletion', { project_id: projectId, framework_code: frameworkCode });
  const path = `/api/projects/${encodeURIComponent(projectId)}/frameworks-questionnaires/${encodeURIComponent(frameworkCode)}/${action}`;
  return apiFetch<FrameworkQuestionnaire>(path, { method: 'POST', notify: false });
}

export function useQuestionnaireCompletion(projectId: string, frameworkCode: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterApplicabilityChange(projectId);
  return useMutation({
    mutationFn: (action: 'complete' | 'reopen') => setQuestionnaireCompletion(projectId, frameworkCode, action),
    onSuccess: (questionnaire) => {
      storeQuestionnaire(queryClient, projectId, questionnaire);
      return refresh();
    },
  });
}
