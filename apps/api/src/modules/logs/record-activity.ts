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
