import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Always stored lower-case; the identity providers' email is the join key. */
    email: text('email').notNull(),
    firstname: text('firstname').notNull().default(''),
    /** The user's subject (`sub`) at an external identity provider; sign-in matches it before the email. */
    oidcSubject: text('oidc_subject'),
    lastname: text('lastname').notNull().default(''),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    lastAccessAt: timestamp('last_access_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_oidc_subject_key').on(t.oidcSubject)],
);
