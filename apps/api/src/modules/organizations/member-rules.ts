import type { OrganizationMember, OrganizationRole } from '@aegis/contracts';
import { forbidden } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import type { Person } from '../users/people';
import type { MemberRow } from './member-repository';

export const toMember = ({ person_id: _personId, ...row }: MemberRow): OrganizationMember => ({
  ...row,
  last_access_at: row.last_access_at?.toISOString() ?? null,
  invitation: row.invitation
    ? { ...row.invitation, expires_at: new Date(row.invitation.expires_at).toISOString(), created_at: new Date(row.invitation.created_at).toISOString() }
    : null,
});

export function assertMayGrant(ctx: RequestContext, roles: OrganizationRole[]) {
  if (roles.includes('internal') && !ctx.organizationRoles.includes('internal') && !ctx.user.isSuperAdmin) {
    throw forbidden('Only platform operators may grant the internal role');
  }
}

/** Nobody but a super admin changes anything of a super admin (status, roles, subject). */
export function assertMayChange(ctx: RequestContext, target: Pick<Person, 'isSuperAdmin'>) {
  if (target.isSuperAdmin && !ctx.user.isSuperAdmin) throw forbidden('Only a super admin may change a super admin', 'super_admin_protected');
}
