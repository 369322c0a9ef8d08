import type { OrganizationMember, OrganizationRole } from '@aegis/contracts';

/**
 * What the signed-in user may do on the users screen. The app works it out from their rights
 * (app/routes/organization/organization-access.ts); the API enforces the same on every call.
 */
export type MemberAbilities = {
  viewerId: string;
  /** users:invite: invite, and resend, cancel or re-link invitations. */
  invite: boolean;
  /** users:invite and the admin role: create members directly. */
  create: boolean;
  /** users:status_update */
  updateStatus: boolean;
  /** user_roles:update */
  updateRoles: boolean;
  /** 'internal' only for holders of it and super admins. */
  grantableRoles: readonly OrganizationRole[];
};

export type MemberAction = 'roles' | 'deactivate' | 'reactivate' | 'copy-link' | 'resend' | 'cancel';

/** Someone who holds only an invitation, not a membership. */
export const isInvitee = (member: OrganizationMember) => member.activation_status === null;

/** The actions offered on one row: nothing on yourself, membership actions on members, invitation actions on invitees. */
export function memberActions(member: OrganizationMember, abilities: MemberAbilities): MemberAction[] {
  if (isInvitee(member)) {
    if (!abilities.invite) return [];
    const open = member.state === 'pending' || member.state === 'expired';
    return [...(open ? (['copy-link'] as const) : []), 'resend', ...(member.state === 'pending' ? (['cancel'] as const) : [])];
  }
  if (member.user_id === abilities.viewerId) return [];
  const actions: MemberAction[] = [];
  if (abilities.updateRoles) actions.push('roles');
  if (abilities.updateStatus) actions.push(member.activation_status === 'active' ? 'deactivate' : 'reactivate');
  return actions;
}
