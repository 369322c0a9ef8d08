import { useMutation } from '@tanstack/react-query';
import { projectRolesBody, type Project, type ProjectMember, type ProjectRole } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterRoleChange } from './project-role-changes';

/** The roles form checks its choice with the request schema (at least one role). */
export const projectRolesSchema = projectRolesBody;

export type RolesChange = { userId: string; roles: ProjectRole[] };

/** Replaces a member's roles on the project; 409 when that would leave it without an owner. The dialog shows failures. */
export function replaceProjectRoles(projectId: string, { userId, roles }: RolesChange): Promise<ProjectMember> {
  requireParams('replaceProjectRoles', { user_id: userId, project_id: projectId, roles });
  return apiFetch<ProjectMember>(`/api/users/${encodeURIComponent(userId)}/roles`, {
    method: 'PATCH',
    query: { project_id: projectId },
    json: { roles },
    notify: false,
  });
}

export function useReplaceProjectRoles(project: Pick<Project, 'id' | 'organization_id'>) {
  const refresh = useRefreshAfterRoleChange(project);
  return useMutation({ mutationFn: (change: RolesChange) => replaceProjectRoles(project.id, change), onSuccess: refresh });
}
