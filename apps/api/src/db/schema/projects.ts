import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PROJECT_ROLES } from '@aegis/contracts';
import { organizations } from './organizations';
import { users } from './users';

export const projectType = pgEnum('project_type', ['ai_application', 'organization']);
export const projectRole = pgEnum('project_role', PROJECT_ROLES);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    projectType: projectType('project_type').notNull(),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_organization_idx').on(t.organizationId),
    // The list's "newest first" sort reads this index instead of sorting every project of the organization.
    index('projects_organization_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('projects_organization_name_key').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

export const projectMemberships = pgTable(
  'project_memberships',
  {
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    role: projectRole('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId, t.role] }),
    index('project_memberships_user_idx').on(t.userId, t.organizationId),
  ],
);

/**
 * The frameworks a project applies. `framework_id` is filled when the framework is loaded (rows of
 * projects created before frameworks were tables get it, and their requirements and controls, at start-up).
 */
export const projectFrameworks = pgTable(
  'project_frameworks',
  {
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    frameworkCode: text('framework_code').notNull(),
    frameworkId: uuid('framework_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.frameworkCode] }), index('project_frameworks_framework_idx').on(t.frameworkId)],
);
