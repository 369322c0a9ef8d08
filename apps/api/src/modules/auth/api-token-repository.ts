import { and, count, desc, eq } from 'drizzle-orm';
import type { ProjectRole } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { apiTokens, projectMemberships, projects } from '../../db/schema';
import { offsetOf } from '../../lib/paging';

export type ApiTokenRow = typeof apiTokens.$inferSelect;
/** A token with the name of the project it is narrowed to (null when it is not). */
export type ApiTokenListed = ApiTokenRow & { projectName: string | null };

export const apiTokenRepository = {
  async insert(db: Executor, values: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
    const [row] = await db.insert(apiTokens).values(values).returning();
    return row!;
  },

  async findByHash(db: Executor, tokenHash: string): Promise<ApiTokenRow | undefined> {
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash));
    return row;
  },

  async listForUser(db: Executor, userId: string, organizationId: string, page: number, size: number): Promise<{ items: ApiTokenListed[]; total: number }> {
    const where = and(eq(apiTokens.userId, userId), eq(apiTokens.organizationId, organizationId));
    const [items, [total]] = await Promise.all([
      db
        .select({ token: apiTokens, projectName: projects.name })
        .from(apiTokens)
        .leftJoin(projects, and(eq(projects.id, apiTokens.projectId), eq(projects.organizationId, organizationId)))
        .where(where)
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
        .limit(size)
        .offset(offsetOf(page, size)),
      db.select({ value: count() }).from(apiTokens).where(where),
    ]);
    return { items: items.map(({ token, projectName }) => ({ ...token, projectName })), total: total?.value ?? 0 };
  },

  /** A project's name, when it is a project of the organization. */
  async projectName(db: Executor, organizationId: string, projectId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ name: projects.name })
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.organizationId, organizationId)));
    return row?.name;
  },

  /** Every role the user holds on some project of the organization (each once). */
  async projectRolesInOrganization(db: Executor, userId: string, organizationId: string): Promise<ProjectRole[]> {
    const rows = await db
      .selectDistinct({ role: projectMemberships.role })
      .from(projectMemberships)
      .where(and(eq(projectMemberships.userId, userId), eq(projectMemberships.organizationId, organizationId)));
    return rows.map((r) => r.role);
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
