import { sql } from 'drizzle-orm';
import { ORGANIZATION_ROLE_RIGHTS, ORGANIZATION_ROLES, type ChangeConcept } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { EVENTS_CHANNEL } from '../../lib/events';

/** Organization roles that see every project (projects:full_access): their holders look at its screens too. */
const FULL_ACCESS_ROLES = ORGANIZATION_ROLES.filter((role) => ORGANIZATION_ROLE_RIGHTS[role].includes('projects:full_access'));

/** User ids per NOTIFY: a payload must stay under PostgreSQL's 8,000 bytes (a quoted uuid and comma are 39). */
const USERS_PER_EVENT = 150;

export type Change = { organizationId: string; projectId: string; concept: ChangeConcept; objectId: string };

/**
 * Tells the open screens of the people who see the project that an object changed, so they refresh it
 * (the unread stream carries it). Call it inside the change's transaction (NOTIFY is sent on commit
 * and dropped on rollback, and PostgreSQL sends identical events of one transaction once), or right
 * after the commit when the transaction should hold nothing but its writes (a single control's status).
 *
 * One statement: who sees the project — its members and the holders of full access, all active members
 * of the project's own organization, nobody of another organization whatever ids a caller passes — and
 * one NOTIFY per USERS_PER_EVENT of them, with the payload `publish` would send (lib/events.ts).
 */
export async function publishChange(db: Executor, change: Change) {
  const roles = sql.join(FULL_ACCESS_ROLES.map((role) => sql`${role}`), sql`, `);
  await db.execute(sql`
    with viewers as (
      select om.user_id, (row_number() over (order by om.user_id) - 1) / ${USERS_PER_EVENT} as part
        from organization_memberships om
       where om.organization_id = ${change.organizationId} and om.status = 'active'
         and exists (select 1 from projects p where p.id = ${change.projectId} and p.organization_id = ${change.organizationId})
         and (exists (select 1 from project_memberships pm where pm.project_id = ${change.projectId} and pm.user_id = om.user_id)
              or exists (select 1 from organization_member_roles r where r.organization_id = om.organization_id and r.user_id = om.user_id and r.role in (${roles})))
    )
    select pg_notify(${EVENTS_CHANNEL}, json_build_object(
             'type', 'changed', 'user_ids', json_agg(user_id order by user_id),
             'organization_id', ${change.organizationId}::text, 'project_id', ${change.projectId}::text,
             'concept', ${change.concept}::text, 'object_id', ${change.objectId}::text)::text)
      from viewers group by part`);
}
