import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshTokens, sessions } from '../../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export const refreshTokenRepository = {
  /** Stores a token of the family; the family's session row is created with its first token. */
  async insert(db: Executor, values: typeof refreshTokens.$inferInsert): Promise<RefreshTokenRow> {
    await db
      .insert(sessions)
      .values({ id: values.familyId, userId: values.userId, organizationId: values.organizationId ?? null, createdAt: values.createdAt })
      .onConflictDoNothing();
    const [row] = await db.insert(refreshTokens).values(values).returning();
    return row!;
  },

  async findByHash(db: Executor, tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  },

  async findById(db: Executor, id: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id));
    return row;
  },

  /** Marks the token used; false when another request used it first (a reuse). */
  async markUsed(db: Executor, id: string, at: Date, byRetry = false): Promise<boolean> {
    const rows = await db
      .update(refreshTokens)
      .set({ usedAt: at, usedByRetry: byRetry })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  },

  async setReplacedBy(db: Executor, id: string, successorId: string) {
    await db.update(refreshTokens).set({ replacedBy: successorId }).where(eq(refreshTokens.id, id));
  },

  /** Ends the sign-in: its refresh tokens stop working, and its access tokens with the next request. */
  async revokeFamily(db: Executor, familyId: string, at: Date) {
    const stamp = sql`coalesce(revoked_at, ${at.toISOString()}::timestamptz)`;
    await db.update(refreshTokens).set({ revokedAt: stamp }).where(eq(refreshTokens.familyId, familyId));
    await db.update(sessions).set({ revokedAt: stamp }).where(eq(sessions.id, familyId));
  },

  /** Ends every sign-in of the user into the organization (deactivation). */
  async revokeUserSessions(db: Executor, userId: string, organizationId: string, at: Date) {
    const stamp = sql`coalesce(revoked_at, ${at.toISOString()}::timestamptz)`;
    const ended = await db
      .update(sessions)
      .set({ revokedAt: stamp })
      .where(and(eq(sessions.userId, userId), eq(sessions.organizationId, organizationId)))
      .returning({ id: sessions.id });
    if (ended.length > 0) {
      await db.update(refreshTokens).set({ revokedAt: stamp }).where(inArray(refreshTokens.familyId, ended.map((s) => s.id)));
    }
  },
};
