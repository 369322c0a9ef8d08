import { useMutation } from '@tanstack/react-query';
import { applicabilityDecisionInput, type ApplicabilityDecisionInput, type ApplicabilityDecisionResponse } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterApplicabilityChange } from './applicability-keys';

export const applicabilityDecisionSchema = applicabilityDecisionInput;

/**
 * Includes or excludes a requirement with a person's justification, or gives the decision back to the
 * engine (questionnaire:update); with `dryRun` answers what it would move and saves nothing. 422 when
 * the justification is missing. The dialog shows refusals itself.
 */
export function decideApplicability(projectId: string, requirementId: string, input: ApplicabilityDecisionInput, dryRun = false) {
  requireParams('decideApplicability', { project_id: projectId, requirement_id: requirementId, body: input });
  const path = `/api/projects/${encodeURIComponent(projectId)}/requirements/${encodeURIComponent(requirementId)}/applicability`;
  return apiFetch<ApplicabilityDecisionResponse>(path, { method: 'PUT', json: input, query: dryRun ? { dry_run: 'true' } : undefined, notify: false });
}

export function useDecideApplicability(projectId: string) {
  const refresh = useRefreshAfterApplicabilityChange(projectId);
  return useMutation({
    mutationFn: ({ requirementId, input }: { requirementId: string; input: ApplicabilityDecisionInput }) => decideApplicability(projectId, requirementId, input),
    onSuccess: () => refresh(),
  });
}
