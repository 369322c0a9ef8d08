import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { offsetOf } from '../../lib/paging';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export const apiTokenRepository = {
  async insert(db: Executor, values: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
    const [row] = await db.insert(apiTokens).values(values).returning();
    return row!;
  },

  async findByHash(db: Executor, tokenHash: string): Promise<ApiTokenRow | undefined> {
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash));
    return row;
  },

  async listForUser(db: Executor, userId: string, organizationId: string, page: number, size: number) {
    const where = and(eq(apiTokens.userId, userId), eq(apiTokens.organizationId, organizationId));
    const [items, [total]] = await Promise.all([
      db.select().from(apiTokens).where(where).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id)).limit(size).offset(offsetOf(page, size)),
      db.select({ value: count() }).from(apiTokens).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async deleteForUser(db: Executor, tokenId: string, userId: string, organizationId: string): Promise<boolean> {
    const rows = await db
      .delete(apiTokens)
      .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), eq(apiTokens.organizationId, organizationId)))
      .returning({ id: apiTokens.id });
    return rows.length === 1;
  },

  /** Revokes for good every API token of the user in the organization (deactivation). */
  async deleteAllForUser(db: Executor, userId: string, organizationId: string): Promise<number> {
    const rows = await db
      .delete(apiTokens)
      .where(and(eq(apiTokens.userId, userId), eq(apiTokens.organizationId, organizationId)))
      .returning({ id: apiTokens.id });
    return rows.length;
  },

  async touch(db: Executor, id: string, at: Date) {
    await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
  },
};
