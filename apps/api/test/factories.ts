import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrganizationRole } from '@aegis/contracts';
import { organizations } from '../src/db/schema';
import { randomSecret, sha256 } from '../src/lib/crypto';
import { membershipRepository } from '../src/modules/organizations/membership-repository';
import type { TestApp } from './helper';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(4).toString('hex')}@example.test`;

export async function organizationId(t: TestApp, name: string): Promise<string> {
  const [row] = await t.db.select().from(organizations).where(eq(organizations.name, name));
  return row!.id;
}

/** A pending invitation; returns the sign-up token the invitation link would carry. */
export async function createInvitation(
  t: TestApp,
  opts: { email?: string; organization?: string; role?: OrganizationRole; expiresInMs?: number; status?: 'pending' | 'cancelled' } = {},
) {
  const token = randomSecret(24);
  const email = opts.email ?? uniqueEmail('invitee');
  const invitation = await membershipRepository.insertInvitation(t.db, {
    organizationId: await organizationId(t, opts.organization ?? 'Demo Organization'),
    email,
    role: opts.role ?? 'member',
    tokenHash: sha256(token),
    status: opts.status ?? 'pending',
    expiresAt: new Date(t.clock.now().getTime() + (opts.expiresInMs ?? 7 * 24 * 3600_000)),
  });
  return { token, email, invitation };
}
