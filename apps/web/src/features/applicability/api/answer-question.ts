import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionAnswerInput, QuestionAnswerResponse } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterApplicabilityChange } from './applicability-keys';
import { storeQuestionnaire } from './questionnaire-cache';

export type AnswerTarget = { frameworkCode: string; questionId: string };

/**
 * Answers one question (questions:answer; null clears it) and re-evaluates applicability; with
 * `dryRun` saves nothing and answers what it would move. 409 once the questionnaire is completed
 * (reopen it first); 404 for a framework the project does not apply. Refusals are shown where the
 * person answered, not as a notice.
 */
export function answerQuestion(projectId: string, { frameworkCode, questionId }: AnswerTarget, input: QuestionAnswerInput, dryRun = false) {
  requireParams('answerQuestion', { project_id: projectId, framework_code: frameworkCode, question_id: questionId, body: input });
  const path = `/api/projects/${encodeURIComponent(projectId)}/frameworks-questionnaires/${encodeURIComponent(frameworkCode)}/answers/${encodeURIComponent(questionId)}`;
  return apiFetch<QuestionAnswerResponse>(path, { method: 'PUT', json: input, query: dryRun ? { dry_run: 'true' } : undefined, notify: false });
}

export function useAnswerQuestion(projectId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterApplicabilityChange(projectId);
  return useMutation({
    mutationFn: ({ target, answer }: { target: AnswerTarget; answer: string[] | null }) => answerQuestion(projectId, target, { answer }),
    onSuccess: ({ questionnaire }) => {
      storeQuestionnaire(queryClient, projectId, questionnaire);
      return refresh();
    },
  });
}
