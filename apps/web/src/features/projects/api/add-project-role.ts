import { useMutation } from '@tanstack/react-query';
import type { Project, ProjectMember, ProjectRole } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterRoleChange } from './project-role-changes';

export type RoleGrant = { userId: string; role: ProjectRole };

/** Gives an active member of the organization a role on the project (adding them to it). The dialog shows failures. */
export function addProjectRole(projectId: string, { userId, role }: RoleGrant): Promise<ProjectMember> {
  requireParams('addProjectRole', { user_id: userId, role, project_id: projectId });
  return apiFetch<ProjectMember>(`/api/users/${encodeURIComponent(userId)}/roles`, {
    method: 'POST',
    query: { role, project_id: projectId },
    notify: false,
  });
}

export function useAddProjectRole(project: Pick<Project, 'id' | 'organization_id'>) {
  const refresh = useRefreshAfterRoleChange(project);
  return useMutation({ mutationFn: (grant: RoleGrant) => addProjectRole(project.id, grant), onSuccess: refresh });
}
