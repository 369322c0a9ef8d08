import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationConfigs } from '../../db/schema';

export type OrganizationConfigRow = typeof organizationConfigs.$inferSelect;

export const configRepository = {
  async find(db: Executor, organizationId: string): Promise<OrganizationConfigRow | undefined> {
    const [row] = await db.select().from(organizationConfigs).where(eq(organizationConfigs.organizationId, organizationId));
    return row;
  },
};
