import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshTokens } from '../../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export const refreshTokenRepository = {
  async insert(db: Executor, values: typeof refreshTokens.$inferInsert) {
    await db.insert(refreshTokens).values(values);
  },

  async findByHash(db: Executor, tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  },

  /** Marks the token used; false when another request used it first (a reuse). */
  async markUsed(db: Executor, id: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(refreshTokens)
      .set({ usedAt: at })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  },

  async revokeFamily(db: Executor, familyId: string, at: Date) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: sql`coalesce(${refreshTokens.revokedAt}, ${at.toISOString()}::timestamptz)` })
      .where(eq(refreshTokens.familyId, familyId));
  },
};
