import type { Executor } from '../../db/client';
import { publish } from '../../lib/events';
import { notificationRepository } from './notification-repository';

export type NewNotification = {
  organizationId: string;
  userIds: string[];
  name: string;
  message?: string;
  /** Path of the object inside the web app, e.g. `/projects/project-detail/{id}/risks`. */
  link?: string;
  objectType?: string;
  objectId?: string;
};

/**
 * The one way features notify people. Call it inside the transaction of the change it reports:
 * the rows and the realtime event are committed, or dropped, together with that change.
 */
export async function notifyUsers(db: Executor, input: NewNotification) {
  const userIds = [...new Set(input.userIds)];
  const rows = await notificationRepository.insertMany(
    db,
    userIds.map((userId) => ({
      organizationId: input.organizationId,
      userId,
      name: input.name,
      message: input.message ?? '',
      link: input.link ?? null,
      objectType: input.objectType ?? null,
      objectId: input.objectId ?? null,
    })),
  );
  for (const userId of userIds) {
    await publish(db, { type: 'notifications_changed', user_id: userId, organization_id: input.organizationId });
  }
  return rows;
}

/**
 * Resolves what is settled: the unread notifications about an object (a review decided or cancelled,
 * one reviewer's own decision) are marked read, so the bell counts only what still asks for someone.
 * Call it in the transaction that settles it, before notifying the outcome.
 */
export async function resolveNotifications(db: Executor, about: { organizationId: string; objectType: string; objectId: string; userIds?: readonly string[] }) {
  const userIds = await notificationRepository.readAbout(db, about);
  for (const userId of userIds) {
    await publish(db, { type: 'notifications_changed', user_id: userId, organization_id: about.organizationId });
  }
}
