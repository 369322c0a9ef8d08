import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationConfigs, organizations } from '../../db/schema';

export type OrganizationRow = typeof organizations.$inferSelect;

export const organizationsRepository = {
  async findById(db: Executor, id: string): Promise<OrganizationRow | undefined> {
    const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
    return row;
  },

  /** Creates an organization with its default configuration. */
  async create(db: Executor, values: { name: string; planQuotaProjects?: number | null }): Promise<OrganizationRow> {
    const [row] = await db.insert(organizations).values(values).returning();
    await db.insert(organizationConfigs).values({ organizationId: row!.id });
    return row!;
  },
};
