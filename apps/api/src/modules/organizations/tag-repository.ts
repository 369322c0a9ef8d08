import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tags } from '../../db/schema';
import { offsetOf } from '../../lib/paging';

export type TagRow = typeof tags.$inferSelect;

export const tagRepository = {
  async list(db: Executor, organizationId: string, page: number, size: number) {
    const where = eq(tags.organizationId, organizationId);
    const [items, [total]] = await Promise.all([
      db.select().from(tags).where(where).orderBy(asc(sql`lower(${tags.name})`), asc(tags.id)).limit(size).offset(offsetOf(page, size)),
      db.select({ value: count() }).from(tags).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async find(db: Executor, organizationId: string, id: string): Promise<TagRow | undefined> {
    const [row] = await db.select().from(tags).where(and(eq(tags.id, id), eq(tags.organizationId, organizationId)));
    return row;
  },

  async nameTaken(db: Executor, organizationId: string, name: string, exceptId?: string): Promise<boolean> {
    const rows = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.organizationId, organizationId), sql`lower(${tags.name}) = lower(${name})`, exceptId ? ne(tags.id, exceptId) : undefined))
      .limit(1);
    return rows.length > 0;
  },

  async insert(db: Executor, values: { organizationId: string; name: string; color: string }): Promise<TagRow> {
    const [row] = await db.insert(tags).values(values).returning();
    return row!;
  },

  async update(db: Executor, organizationId: string, id: string, values: { name?: string; color?: string }): Promise<TagRow> {
    const [row] = await db
      .update(tags)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(tags.id, id), eq(tags.organizationId, organizationId)))
      .returning();
    return row!;
  },

  async remove(db: Executor, organizationId: string, id: string): Promise<TagRow | undefined> {
    const [row] = await db.delete(tags).where(and(eq(tags.id, id), eq(tags.organizationId, organizationId))).returning();
    return row;
  },
};
