import type { CurrentUser, OrganizationPermission } from '@aegis/contracts';

/** Whether the user holds a right in their current organization; super admins hold every right. */
export function hasOrganizationRight(user: CurrentUser, right: OrganizationPermission): boolean {
  if (user.is_super_admin) return true;
  const organizationId = user.organization?.id;
  if (!organizationId) return false;
  return user.organization_rights[organizationId]?.includes(right) ?? false;
}

/** The profile panel's Admin badge: an admin of the current organization, or a super admin. */
export function isOrganizationAdmin(user: CurrentUser): boolean {
  return user.is_super_admin || user.roles.includes('admin');
}

export function fullName(user: Pick<CurrentUser, 'firstname' | 'lastname'>): string {
  return `${user.firstname} ${user.lastname}`.trim();
}

export function initials(user: Pick<CurrentUser, 'firstname' | 'lastname'>): string {
  return `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase();
}
