import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationConfigs } from '../../db/schema';

export type OrganizationConfigRow = typeof organizationConfigs.$inferSelect;

export type ConfigFlags = Partial<Pick<OrganizationConfigRow, 'vendorManagementEnabled' | 'userManagementEnabled' | 'evidenceScoringEnabled' | 'controlAssessmentEnabled' | 'contentManagementEnabled' | 'separationOfDutiesEnabled'>>;

export const configRepository = {
  async update(db: Executor, organizationId: string, flags: ConfigFlags): Promise<OrganizationConfigRow | undefined> {
    const [row] = await db
      .update(organizationConfigs)
      .set({ ...flags, updatedAt: sql`now()` })
      .where(eq(organizationConfigs.organizationId, organizationId))
      .returning();
    return row;
  },

  async find(db: Executor, organizationId: string): Promise<OrganizationConfigRow | undefined> {
    const [row] = await db.select().from(organizationConfigs).where(eq(organizationConfigs.organizationId, organizationId));
    return row;
  },

  /** Whether the organization keeps separation of duties (on unless an admin turned it off). */
  async separationOfDuties(db: Executor, organizationId: string): Promise<boolean> {
    const [row] = await db.select({ on: organizationConfigs.separationOfDutiesEnabled }).from(organizationConfigs).where(eq(organizationConfigs.organizationId, organizationId));
    return row?.on ?? true;
  },
};
