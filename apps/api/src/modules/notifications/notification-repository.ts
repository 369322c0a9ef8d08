import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { NotificationStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema';
import { offsetOf } from '../../lib/paging';

export type NotificationRow = typeof notifications.$inferSelect;
export type Recipient = { userId: string; organizationId: string };

const mine = ({ userId, organizationId }: Recipient) =>
  and(eq(notifications.userId, userId), eq(notifications.organizationId, organizationId));

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export const notificationRepository = {
  async list(
    db: Executor,
    recipient: Recipient,
    query: { status?: NotificationStatus; name?: string; page: number; size: number; sortBy?: 'created_at' | 'name'; descending: boolean },
  ) {
    const filters: (SQL | undefined)[] = [mine(recipient)];
    if (query.status) filters.push(eq(notifications.status, query.status));
    if (query.name) filters.push(ilike(notifications.name, `%${escapeLike(query.name)}%`));
    const where = and(...filters);
    // Newest first unless asked otherwise.
    const column = query.sortBy === 'name' ? notifications.name : notifications.createdAt;
    const direction = query.sortBy ? (query.descending ? desc : asc) : desc;
    const [items, [total]] = await Promise.all([
      db.select().from(notifications).where(where).orderBy(direction(column), desc(notifications.id)).limit(query.size).offset(offsetOf(query.page, query.size)),
      db.select({ value: count() }).from(notifications).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async countUnread(db: Executor, recipient: Recipient): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(notifications)
      .where(and(mine(recipient), eq(notifications.status, 'unread')));
    return row?.value ?? 0;
  },

  async setStatus(db: Executor, recipient: Recipient, ids: string[], status: NotificationStatus) {
    return db
      .update(notifications)
      .set({ status, updatedAt: sql`now()` })
      .where(and(mine(recipient), inArray(notifications.id, ids)))
      .returning();
  },

  /** Marks read the unread notifications about one object (of some users only, when given); returns whose changed. */
  async readAbout(db: Executor, about: { organizationId: string; objectType: string; objectId: string; userIds?: readonly string[] }): Promise<string[]> {
    const filters = [
      eq(notifications.organizationId, about.organizationId),
      eq(notifications.objectType, about.objectType),
      eq(notifications.objectId, about.objectId),
      eq(notifications.status, 'unread'),
    ];
    if (about.userIds) {
      if (about.userIds.length === 0) return [];
      filters.push(inArray(notifications.userId, [...about.userIds]));
    }
    const rows = await db.update(notifications).set({ status: 'read', updatedAt: sql`now()` }).where(and(...filters)).returning({ userId: notifications.userId });
    return [...new Set(rows.map((r) => r.userId))];
  },

  async insertMany(db: Executor, rows: (typeof notifications.$inferInsert)[]) {
    if (rows.length === 0) return [];
    return db.insert(notifications).values(rows).returning();
  },
};
