import { useQuery } from '@tanstack/react-query';
import { isInternalAdmin, ORGANIZATION_ROLES, type CurrentUser } from '@aegis/contracts';
import { useOrganizationFeatures } from '../../../features/organizations/api/get-organization-config';
import type { MemberAbilities } from '../../../features/organizations/member-abilities';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { hasOrganizationRight, isOrganizationAdmin } from '../../../lib/current-user-rights';

/** The organization's tabs in header order. */
export type OrganizationTab = 'users' | 'frameworks' | 'customization' | 'settings';

/**
 * Spec section 2, organization header tabs. User Management: admins and holders of full project
 * access always; anyone else only while the users feature is on, and with users:read. Frameworks and
 * Customization: every member (admins manage them). Settings: config:read.
 */
export function organizationTabs(user: CurrentUser, usersEnabled: boolean): OrganizationTab[] {
  const users =
    isOrganizationAdmin(user) || hasOrganizationRight(user, 'projects:full_access') || (usersEnabled && hasOrganizationRight(user, 'users:read'));
  const settings = hasOrganizationRight(user, 'config:read');
  return [...(users ? (['users'] as const) : []), 'frameworks', 'customization', ...(settings ? (['settings'] as const) : [])];
}

/** Where users and settings send someone who may not open them (spec section 2): every member may open Frameworks. */
export const ORGANIZATION_FALLBACK = '/organization/frameworks';

/** Spec section 2: /organization leads to users when the user may see them, else to frameworks. */
export function organizationLanding(tabs: readonly OrganizationTab[]): string {
  return tabs.includes('users') ? '/organization/users' : ORGANIZATION_FALLBACK;
}

export function memberAbilities(user: CurrentUser): MemberAbilities {
  const invite = hasOrganizationRight(user, 'users:invite');
  return {
    viewerId: user.id,
    invite,
    create: invite && isOrganizationAdmin(user),
    updateStatus: hasOrganizationRight(user, 'users:status_update'),
    updateRoles: hasOrganizationRight(user, 'user_roles:update'),
    grantableRoles: isInternalAdmin(user.roles, user.is_super_admin) ? ORGANIZATION_ROLES : ORGANIZATION_ROLES.filter((role) => role !== 'internal'),
  };
}

export type OrganizationAccess = { user: CurrentUser; organization: { id: string; name: string }; tabs: OrganizationTab[] };

/** The signed-in user, their organization and the tabs they may open; the session guard has loaded both into the cache. */
export function useOrganizationAccess(): OrganizationAccess | null {
  const { data: user } = useQuery(currentUserQueryOptions());
  const features = useOrganizationFeatures(user?.organization?.id);
  if (!user?.organization) return null;
  return { user, organization: user.organization, tabs: organizationTabs(user, features.usersEnabled) };
}
