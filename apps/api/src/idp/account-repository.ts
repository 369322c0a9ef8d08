import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { localAccounts } from '../db/schema';

export type LocalAccount = typeof localAccounts.$inferSelect;

export const accountRepository = {
  async findById(db: Executor, id: string): Promise<LocalAccount | undefined> {
    const [row] = await db.select().from(localAccounts).where(eq(localAccounts.id, id));
    return row;
  },

  async findByEmail(db: Executor, email: string): Promise<LocalAccount | undefined> {
    const [row] = await db.select().from(localAccounts).where(eq(localAccounts.email, email.toLowerCase()));
    return row;
  },

  async create(db: Executor, values: { email: string; passwordHash: string; givenName: string; familyName: string }) {
    const [row] = await db
      .insert(localAccounts)
      .values({ ...values, email: values.email.toLowerCase() })
      .onConflictDoNothing()
      .returning();
    return row;
  },
};
