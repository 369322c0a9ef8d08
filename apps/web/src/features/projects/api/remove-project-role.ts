import { useMutation } from '@tanstack/react-query';
import type { Project, ProjectMember, ProjectRole } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterRoleChange } from './project-role-changes';

/** Takes one role away; 409 when it is the project's last owner. */
export function removeProjectRole(projectId: string, userId: string, role: ProjectRole): Promise<ProjectMember> {
  requireParams('removeProjectRole', { user_id: userId, role, project_id: projectId });
  return apiFetch<ProjectMember>(`/api/users/${encodeURIComponent(userId)}/roles`, {
    method: 'DELETE',
    query: { role, project_id: projectId },
    notify: false,
  });
}

/**
 * Takes the person off the project: a member is someone holding a role, so every role goes. Owner
 * goes first, so that a refusal (last owner) comes before anything has changed.
 */
export async function removeProjectMember(projectId: string, member: Pick<ProjectMember, 'user_id' | 'roles'>): Promise<void> {
  const roles = [...member.roles].sort((a, b) => Number(b === 'owner') - Number(a === 'owner'));
  for (const role of roles) await removeProjectRole(projectId, member.user_id, role);
}

export function useRemoveProjectMember(project: Pick<Project, 'id' | 'organization_id'>) {
  const refresh = useRefreshAfterRoleChange(project);
  return useMutation({
    mutationFn: (member: Pick<ProjectMember, 'user_id' | 'roles'>) => removeProjectMember(project.id, member),
    // Even a partial removal changed something: show the members as they now are.
    onSettled: refresh,
  });
}
