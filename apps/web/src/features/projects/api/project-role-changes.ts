import { useQueryClient } from '@tanstack/react-query';
import type { Project } from '@aegis/contracts';
import { projectKey } from './get-project';
import { projectsKey } from './list-projects';

/**
 * After a role change: the project's members, counts and the caller's own rights on it (when they
 * changed their own roles), and the project lists that show roles and member counts.
 */
export function useRefreshAfterRoleChange(project: Pick<Project, 'id' | 'organization_id'>) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKey(project.id) }),
      queryClient.invalidateQueries({ queryKey: projectsKey(project.organization_id) }),
    ]);
}
