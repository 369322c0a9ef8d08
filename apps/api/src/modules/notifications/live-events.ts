import { sql, type SQL } from 'drizzle-orm';
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
 * and dropped on rollback, and PostgreSQL sends identical events of one transaction once), never after
 * it (a second notifying commit for every write, see apps/api/README.md). `viewersOf` and `noticesTo`
 * are the same statement's parts, for a write that sends them with its own (workItems.writeInOneStatement).
 *
 * One statement: who sees the project — its members and the holders of full access, all active members
 * of the project's own organization, nobody of another organization whatever ids a caller passes — and
 * one NOTIFY per USERS_PER_EVENT of them, with the payload `publish` would send (lib/events.ts).
 * `alongWith` is a write (an INSERT) sent in the same statement, to spare the change a round trip.
 */
export async function publishChange(db: Executor, change: Change, options: { alongWith?: SQL } = {}) {
  // A data-modifying WITH part runs whatever the rest returns (no viewers, no rows): the write it carries is made.
  const written = options.alongWith ? sql`written as (${options.alongWith}),` : sql``;
  await db.execute(sql`with ${written} viewers as (${viewersOf(change)}) ${noticesTo(change)}`);
}

/** Who sees the project's screens (see publishChange): a query for a WITH part named `viewers`. */
export function viewersOf(change: Change): SQL {
  const roles = sql.join(FULL_ACCESS_ROLES.map((role) => sql`${role}`), sql`, `);
  return sql`
      select om.user_id, (row_number() over (order by om.user_id) - 1) / ${USERS_PER_EVENT} as part
        from organization_memberships om
       where om.organization_id = ${change.organizationId} and om.status = 'active'
         and exists (select 1 from projects p where p.id = ${change.projectId} and p.organization_id = ${change.organizationId})
         and (exists (select 1 from project_memberships pm where pm.project_id = ${change.projectId} and pm.user_id = om.user_id)
              or exists (select 1 from organization_member_roles r where r.organization_id = om.organization_id and r.user_id = om.user_id and r.role in (${roles})))`;
}

/** The NOTIFYs of the change to the rows of `viewers` (see publishChange): one per USERS_PER_EVENT of them. */
export function noticesTo(change: Change): SQL {
  return sql`
    select pg_notify(${EVENTS_CHANNEL}, json_build_object(
             'type', 'changed', 'user_ids', json_agg(user_id order by user_id),
             'organization_id', ${change.organizationId}::text, 'project_id', ${change.projectId}::text,
             'concept', ${change.concept}::text, 'object_id', ${change.objectId}::text)::text)
      from viewers group by part`;
}
