import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { activityKey, controlsKey, myWorkKey, projectDashboardKey, projectFrameworksKey, projectKey, requirementsKey } from '../../../lib/query-keys';

/** Everything cached about a project's scoping: its EU AI Act settings, questionnaires and statement of applicability. */
export const applicabilityKey = (projectId: string) => [...projectKey(projectId), 'applicability'] as const;

export const euAiActSettingsKey = (projectId: string) => [...applicabilityKey(projectId), 'eu-ai-act-settings'] as const;
export const questionnairesKey = (projectId: string) => [...applicabilityKey(projectId), 'questionnaires'] as const;
export const soaKey = (projectId: string, framework: string) => [...applicabilityKey(projectId), 'soa', framework] as const;

/**
 * After a saved change of answers or decisions: whatever applicability moves (requirements, controls,
 * the frameworks' progress, the dashboard counts, the user's work, the log) and the scoping itself, so
 * that the settings, the questionnaires and the statement of applicability agree with one another.
 */
export function useRefreshAfterApplicabilityChange(projectId: string) {
  const queryClient = useQueryClient();
  return () => {
    const stale: QueryKey[] = [
      applicabilityKey(projectId),
      requirementsKey(projectId),
      controlsKey(projectId),
      projectFrameworksKey(projectId),
      projectDashboardKey(projectId),
      activityKey(projectId),
      myWorkKey(),
    ];
    return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}
