import { sql } from 'drizzle-orm';
import { ORGANIZATION_ROLE_RIGHTS, ORGANIZATION_ROLES, type ChangeConcept } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { publish } from '../../lib/events';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Organization roles that see every project (projects:full_access): their holders look at its screens too. */
const FULL_ACCESS_ROLES = ORGANIZATION_ROLES.filter((role) => ORGANIZATION_ROLE_RIGHTS[role].includes('projects:full_access'));

/** User ids per NOTIFY: a payload must stay under PostgreSQL's 8,000 bytes (a quoted uuid and comma are 39). */
const USERS_PER_EVENT = 150;

export type Change = { organizationId: string; projectId: string; concept: ChangeConcept; objectId: string };

/**
 * Who sees a project's screens: its members and the holders of full access, all active members of the
 * project's own organization. Nobody of another organization, whatever ids a caller passes.
 */
async function viewersOf(db: Executor, organizationId: string, projectId: string): Promise<string[]> {
  const roles = sql.join(FULL_ACCESS_ROLES.map((role) => sql`${role}`), sql`, `);
  return rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select om.user_id from organization_memberships om
       where om.organization_id = ${organizationId} and om.status = 'active'
         and exists (select 1 from projects p where p.id = ${projectId} and p.organization_id = ${organizationId})
         and (exists (select 1 from project_memberships pm where pm.project_id = ${projectId} and pm.user_id = om.user_id)
              or exists (select 1 from organization_member_roles r where r.organization_id = om.organization_id and r.user_id = om.user_id and r.role in (${roles})))`),
  ).map((r) => r.user_id);
}

/**
 * Tells the open screens of the people who see the project that an object changed, so they refresh it
 * (the unread stream carries it). Call it inside the change's transaction (NOTIFY is sent on commit
 * and dropped on rollback, and PostgreSQL sends identical events of one transaction once), or right
 * after the commit when the transaction should hold nothing but its writes (a single control's status).
 */
export async function publishChange(db: Executor, change: Change) {
  const userIds = await viewersOf(db, change.organizationId, change.projectId);
  for (let i = 0; i < userIds.length; i += USERS_PER_EVENT) {
    await publish(db, {
      type: 'changed',
      user_ids: userIds.slice(i, i + USERS_PER_EVENT),
      organization_id: change.organizationId,
      project_id: change.projectId,
      concept: change.concept,
      object_id: change.objectId,
    });
  }
}
