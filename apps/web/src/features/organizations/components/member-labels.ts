import type { MemberState, OrganizationMember, OrganizationRole } from '@aegis/contracts';

export const ROLE_LABELS: Record<OrganizationRole, string> = { admin: 'Admin', member: 'Member', internal: 'Internal' };

export const ROLE_DESCRIPTIONS: Record<OrganizationRole, string> = {
  admin: 'Manages users, settings and every project of the organization.',
  member: 'Works on the projects they are given a role on.',
  internal: 'Platform operator staff: everything an admin does, plus internal metrics.',
};

export const STATE_LABELS: Record<MemberState, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  pending: 'Pending',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

export const STATE_COLORS: Record<MemberState, 'success' | 'default' | 'info' | 'warning'> = {
  active: 'success',
  deactivated: 'default',
  pending: 'info',
  expired: 'warning',
  cancelled: 'default',
};

/** Invitees may not have given a name yet: their email stands in. */
export function displayName(member: Pick<OrganizationMember, 'firstname' | 'lastname' | 'email'>): string {
  return `${member.firstname} ${member.lastname}`.trim() || member.email;
}
