import { z } from 'zod';
import { booleanQuery, isoDateTime, pageQuery, uuid } from './common';
import { ORGANIZATION_ROLES } from './permissions';

const organizationRole = z.enum(ORGANIZATION_ROLES);

/** Where a person stands in the organization: a member (active or deactivated) or an invitee. */
export const MEMBER_STATES = ['active', 'deactivated', 'pending', 'expired', 'cancelled'] as const;
export const memberState = z.enum(MEMBER_STATES);
export type MemberState = z.infer<typeof memberState>;

export const organizationMember = z.object({
  user_id: uuid,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  roles: z.array(organizationRole),
  /** A platform super admin holds every right whatever their roles here; false for invitees. */
  is_super_admin: z.boolean(),
  /** active | deactivated for members; null for people who only hold an invitation. */
  activation_status: z.enum(['active', 'deactivated']).nullable(),
  state: memberState,
  last_access_at: isoDateTime.nullable(),
  /** The latest invitation, if the person was invited. */
  invitation: z
    .object({ invitation_id: uuid, status: z.enum(['pending', 'accepted', 'cancelled', 'expired']), expires_at: isoDateTime, created_at: isoDateTime })
    .nullable(),
});
export type OrganizationMember = z.infer<typeof organizationMember>;

export const listMembersQuery = pageQuery(['name', 'email', 'last_access_at', 'state']).extend({
  name: z.string().trim().max(200).optional(),
  /** Leave out the members of this project (to pick people to add to it). */
  not_in_project: uuid.optional(),
  /** Include deactivated members (default: active members and invitees only). */
  include_inactive: booleanQuery.default(false),
  state: memberState.optional(),
});

const email = z.email('Enter a valid email address').max(320).transform((v) => v.trim().toLowerCase());
const personName = z.string().trim().max(100);

export const inviteUser = z.object({
  email,
  role: organizationRole.default('member'),
  firstname: personName.optional(),
  lastname: personName.optional(),
});
export type InviteUser = z.infer<typeof inviteUser>;

export const invitation = z.object({
  invitation_id: uuid,
  user_id: uuid,
  email: z.string(),
  role: organizationRole,
  status: z.enum(['pending', 'accepted', 'cancelled', 'expired']),
  expires_at: isoDateTime,
  /** The link that starts sign-up through the identity provider; share it with the invitee. */
  signup_link: z.string(),
  /** True when the invitation was also e-mailed (SMTP configured and accepted by the server). */
  email_sent: z.boolean(),
});
export type Invitation = z.infer<typeof invitation>;

export const createUser = z.object({
  email,
  firstname: personName.min(1, 'First name is required'),
  lastname: personName.min(1, 'Last name is required'),
  role: organizationRole.default('member'),
  /** With the embedded identity provider: the account's first password (8+ characters). */
  password: z.string().min(8, 'The password must have at least 8 characters').max(200).optional(),
});
export type CreateUser = z.infer<typeof createUser>;

export const updateUserOid = z.object({
  /** The subject (`sub`) of the user at the identity provider; sign-in matches it before the email. */
  oid: z.string().trim().min(1).max(255),
});

export const userActivationStatus = z.object({ status: z.enum(['active', 'deactivated']) });
export type UserActivationStatus = z.infer<typeof userActivationStatus>;

export const organizationRoles = z.object({
  roles: z.array(organizationRole).min(1, 'Keep at least one role').max(ORGANIZATION_ROLES.length),
});
export const roleQuery = z.object({ role: organizationRole });
export const organizationQuery = z.object({ organization_id: uuid });
export const signupLink = z.object({ signup_link: z.string(), expires_at: isoDateTime });
