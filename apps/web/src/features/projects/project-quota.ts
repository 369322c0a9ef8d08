import type { ProjectType } from '@aegis/contracts';
import type { OrganizationQuota } from './api/get-organization-quota';

type Quota = Pick<OrganizationQuota, 'plan_quota' | 'used_quota'>;

/** Projects of a type the organization has in use. */
export function usedProjects(quota: Quota, type: ProjectType): number {
  return type === 'ai_application' ? quota.used_quota.projects_ai_application : quota.used_quota.projects_organization;
}

/**
 * Spec section 5, project quota: a new project of a type is allowed only if the plan sets no limit or
 * fewer projects of that type than the limit are in use. Without quota data (loading or failed), never.
 */
export function canCreateProject(quota: Quota | undefined, type: ProjectType): boolean {
  if (!quota) return false;
  const limit = quota.plan_quota.projects;
  return limit === null || usedProjects(quota, type) < limit;
}

const TYPE_NOUN: Record<ProjectType, string> = { ai_application: 'AI-application', organization: 'organization' };

/** "2 of 10 AI-application projects used", or "No project limit". */
export function quotaSummary(quota: Quota, type: ProjectType): string {
  const limit = quota.plan_quota.projects;
  if (limit === null) return 'No project limit';
  return `${usedProjects(quota, type)} of ${limit} ${TYPE_NOUN[type]} projects used`;
}

/** Why a project of the type cannot be created now; null when it can. */
export function quotaBlocker(quota: Quota | undefined, type: ProjectType): string | null {
  if (canCreateProject(quota, type)) return null;
  if (!quota) return 'The project quota has not been loaded, so new projects cannot be created yet.';
  const limit = quota.plan_quota.projects ?? 0;
  return `Your plan allows ${limit} ${TYPE_NOUN[type]} projects and all are in use. Ask your administrator to raise the quota.`;
}

/**
 * Why a project cannot become one of `type` now (the type counts against the quota as a new project of
 * it would); null when it can, or when the quota is not known: the server checks it either way.
 */
export function typeChangeBlocker(quota: Quota | undefined, type: ProjectType): string | null {
  if (!quota || canCreateProject(quota, type)) return null;
  const limit = quota.plan_quota.projects ?? 0;
  return `Your plan allows ${limit} ${TYPE_NOUN[type]} projects and all are in use, so this project cannot become one. Ask your administrator to raise the quota.`;
}
