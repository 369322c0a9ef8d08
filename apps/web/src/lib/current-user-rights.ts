import type { CurrentUser, OrganizationPermission } from '@aegis/contracts';

/** Whether the user holds a right in their current organization; super admins hold every right. */
export function hasOrganizationRight(user: CurrentUser, right: OrganizationPermission): boolean {
  if (user.is_super_admin) return true;
  const organizationId = user.organization?.id;
  if (!organizationId) return false;
  return user.organization_rights[organizationId]?.includes(right) ?? false;
}

/** An admin of the current organization, or a super admin (who holds every right anyway). */
export function isOrganizationAdmin(user: CurrentUser): boolean {
  return user.is_super_admin || user.roles.includes('admin');
}

/** How the product names a platform super admin, wherever it shows one: one name, not their roles in the organization. */
export const SUPER_ADMIN_LABEL = 'Super admin';

/** The profile panel's badge: what the user is beyond a plain member, or nothing. */
export function standingBadge(user: Pick<CurrentUser, 'is_super_admin' | 'roles'>): string | null {
  if (user.is_super_admin) return SUPER_ADMIN_LABEL;
  return user.roles.includes('admin') ? 'Admin' : null;
}

export function fullName(user: Pick<CurrentUser, 'firstname' | 'lastname'>): string {
  return `${user.firstname} ${user.lastname}`.trim();
}

export function initials(user: Pick<CurrentUser, 'firstname' | 'lastname'>): string {
  return `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase();
}
