import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Stored files still to remove. Deleting a project writes its file prefix here in the same
 * transaction as the rows, so the deletion commits or not as one; the files then go right after the
 * commit, and any that could not (storage down, process stopped) are retried until they are gone.
 */
export const storagePurges = pgTable('storage_purges', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  prefix: text('prefix').notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
