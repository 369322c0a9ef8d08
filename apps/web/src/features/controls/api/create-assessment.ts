import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createControlAssessment, type ControlAssessment, type CreateControlAssessment } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { activityKey } from '../../../lib/query-keys';
import { controlKey } from './get-control';
import { assessmentsKey } from './list-assessments';

/** The form checks its input with the request schema before sending. */
export const createAssessmentSchema = createControlAssessment;

/** Records whether the control is met, partially met or not met, and why (201). Needs control_assessments:create. */
export function createAssessment(projectId: string, controlCode: string, input: CreateControlAssessment): Promise<ControlAssessment> {
  requireParams('assessControl', { project_id: projectId, control_code: controlCode, body: input });
  const path = `/api/projects/${encodeURIComponent(projectId)}/controls/${encodeURIComponent(controlCode)}/assessments`;
  return apiFetch<ControlAssessment>(path, { method: 'POST', json: input });
}

export function useCreateAssessment(projectId: string, controlCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateControlAssessment) => createAssessment(projectId, controlCode, input),
    // The history, the latest assessment on the detail, and the log all show it.
    onSuccess: () =>
      Promise.all(
        [assessmentsKey(projectId, controlCode), controlKey(projectId, controlCode), activityKey(projectId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
