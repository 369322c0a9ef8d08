import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_STATUSES } from '@aegis/contracts';
import { organizations } from './organizations';
import { users } from './users';

export const notificationStatus = pgEnum('notification_status', NOTIFICATION_STATUSES);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    message: text('message').notNull().default(''),
    link: text('link'),
    objectType: text('object_type'),
    objectId: text('object_id'),
    status: notificationStatus('notification_status').notNull().default('unread'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_recipient_idx').on(t.userId, t.organizationId, t.status, t.createdAt)],
);
