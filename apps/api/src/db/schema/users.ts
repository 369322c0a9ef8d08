import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A person, once across organizations. Their e-mail, names, password and provider subject belong to
 * them; organizations hold memberships (organization_memberships) and invitations, never the person.
 */

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Always stored lower-case; the identity providers' email is the join key. */
    email: text('email').notNull(),
    firstname: text('firstname').notNull().default(''),
    /** The user's subject (`sub`) at the identity provider `oidc_issuer`; sign-in there matches it before the email. */
    oidcSubject: text('oidc_subject'),
    oidcIssuer: text('oidc_issuer'),
    lastname: text('lastname').notNull().default(''),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    lastAccessAt: timestamp('last_access_at', { withTimezone: true }),
    /** Last sign-in through an identity provider; null for a person who never signed in. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /**
     * The organization whose invitation or direct creation made this record, while nobody else has a tie
     * to the person; only it may hand out a link that sets the first password. Not a foreign key on
     * purpose: users.ts stays free of the organizations table, and a deleted organization's id matches nothing.
     */
    provisionedByOrganizationId: uuid('provisioned_by_organization_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_oidc_subject_key').on(t.oidcIssuer, t.oidcSubject)],
);
