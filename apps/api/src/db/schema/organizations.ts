import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ORGANIZATION_ROLES } from '@aegis/contracts';
import { users } from './users';

export const organizationRole = pgEnum('organization_role', ORGANIZATION_ROLES);
export const membershipStatus = pgEnum('membership_status', ['active', 'deactivated']);

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    /** Plan quota of projects; null means unlimited. */
    planQuotaProjects: integer('plan_quota_projects'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organizations_name_key').on(sql`lower(${t.name})`)],
);

export const organizationMemberships = pgTable(
  'organization_memberships',
  {
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: membershipStatus('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('organization_memberships_user_idx').on(t.userId)],
);

export const organizationMemberRoles = pgTable(
  'organization_member_roles',
  {
    organizationId: uuid('organization_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: organizationRole('role').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId, t.role] }),
    foreignKey({
      columns: [t.organizationId, t.userId],
      foreignColumns: [organizationMemberships.organizationId, organizationMemberships.userId],
    }).onDelete('cascade'),
  ],
);

export const organizationConfigs = pgTable('organization_configs', {
  organizationId: uuid('organization_id').primaryKey().references(() => organizations.id, { onDelete: 'cascade' }),
  vendorManagementEnabled: boolean('vendor_management_enabled_for_entire_organization').notNull().default(true),
  userManagementEnabled: boolean('user_management_enabled_for_entire_organization').notNull().default(true),
  evidenceScoringEnabled: boolean('evidence_scoring_enabled_for_entire_organization').notNull().default(false),
  controlAssessmentEnabled: boolean('control_assessment_enabled_for_entire_organization').notNull().default(false),
  contentManagementEnabled: boolean('content_management_enabled').notNull().default(false),
  /** Nobody approves what they work on or asked to have reviewed; reopening needs the force right (docs/separation-of-duties.md). */
  separationOfDutiesEnabled: boolean('separation_of_duties_enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const invitationStatus = pgEnum('invitation_status', ['pending', 'accepted', 'cancelled', 'expired']);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The invitee's user record, created with the invitation so that it can be managed by user id. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    role: organizationRole('role').notNull().default('member'),
    /** Names the inviting organization typed; shown to it until the person accepts, never written on the person. */
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    /** SHA-256 of the token carried by the sign-up link shown to administrators; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /**
     * SHA-256 of the token of the link e-mailed to the invitee (SMTP configured). Only that link proves the
     * e-mail address is the invitee's, so only it may set the first password of a person other organizations know.
     */
    mailTokenHash: text('mail_token_hash'),
    status: invitationStatus('status').notNull().default('pending'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('invitations_mail_token_hash_key').on(t.mailTokenHash),
    index('invitations_organization_idx').on(t.organizationId, t.email),
    index('invitations_user_idx').on(t.userId, t.organizationId),
  ],
);
