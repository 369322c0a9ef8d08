import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { activityLogs } from '../../db/schema';

export type Activity = {
  organizationId: string;
  projectId?: string | null;
  actorId: string | null;
  objectType: string;
  objectId: string;
  action: string;
  before?: unknown;
  after?: unknown;
};

/** Who did what to which object, with the object before and after; call it in the change's transaction. */
export async function recordActivity(db: Executor, activity: Activity) {
  await db.insert(activityLogs).values({
    organizationId: activity.organizationId,
    projectId: activity.projectId ?? null,
    actorId: activity.actorId,
    objectType: activity.objectType,
    objectId: activity.objectId,
    action: activity.action,
    before: activity.before ?? null,
    after: activity.after ?? null,
  });
}

/**
 * The same entry as an INSERT to send with another statement, as its data-modifying WITH part: one round
 * trip for both (a status change's entry and the NOTIFY of its viewers, work-items.ts).
 */
export function activityInsert(activity: Activity): SQL {
  return sql`insert into activity_logs (${ACTIVITY_COLUMNS}) values ${activityValues(activity)}`;
}

/** The columns `activityValues` gives, in its order. */
export const ACTIVITY_COLUMNS = sql.raw('organization_id, project_id, actor_id, object_type, object_id, action, before, after');

/** One entry as a row of VALUES, typed (so a `select … from (values …)` may insert it). */
export function activityValues(activity: Activity): SQL {
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  return sql`(${activity.organizationId}::uuid, ${activity.projectId ?? null}::uuid, ${activity.actorId}::uuid, ${activity.objectType}::text,
              ${activity.objectId}::text, ${activity.action}::text, ${json(activity.before)}::jsonb, ${json(activity.after)}::jsonb)`;
}
