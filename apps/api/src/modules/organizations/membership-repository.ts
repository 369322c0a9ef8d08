import { and, eq, or } from 'drizzle-orm';
import type { OrganizationRole } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { invitations, organizationMemberRoles, organizationMemberships } from '../../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;

export const membershipRepository = {
  /** Adds the user to the organization with the role; an existing membership is reactivated and gains the role. */
  async addMember(db: Executor, organizationId: string, userId: string, role: OrganizationRole) {
    await db
      .insert(organizationMemberships)
      .values({ organizationId, userId, status: 'active' })
      .onConflictDoUpdate({ target: [organizationMemberships.organizationId, organizationMemberships.userId], set: { status: 'active' } });
    await db.insert(organizationMemberRoles).values({ organizationId, userId, role }).onConflictDoNothing();
  },

  async activeMemberIds(db: Executor, organizationId: string): Promise<string[]> {
    const rows = await db
      .select({ userId: organizationMemberships.userId })
      .from(organizationMemberships)
      .where(and(eq(organizationMemberships.organizationId, organizationId), eq(organizationMemberships.status, 'active')));
    return rows.map((r) => r.userId);
  },

  async findInvitationByTokenHash(db: Executor, tokenHash: string): Promise<InvitationRow | undefined> {
    const [row] = await db
      .select()
      .from(invitations)
      .where(or(eq(invitations.tokenHash, tokenHash), eq(invitations.mailTokenHash, tokenHash)));
    return row;
  },

  /** Marks a pending invitation accepted; false when it was not pending any more (used twice at once). */
  async acceptInvitation(db: Executor, id: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(invitations)
      .set({ status: 'accepted', acceptedAt: at })
      .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
      .returning({ id: invitations.id });
    return rows.length === 1;
  },

  async setMailToken(db: Executor, id: string, mailTokenHash: string) {
    await db.update(invitations).set({ mailTokenHash }).where(eq(invitations.id, id));
  },

  async insertInvitation(db: Executor, values: typeof invitations.$inferInsert): Promise<InvitationRow> {
    const [row] = await db.insert(invitations).values(values).returning();
    return row!;
  },
};
