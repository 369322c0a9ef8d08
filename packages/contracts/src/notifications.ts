import { z } from 'zod';
import { isoDateTime, pageQuery, uuid } from './common';

export const NOTIFICATION_STATUSES = ['unread', 'read', 'archived'] as const;
export const notificationStatus = z.enum(NOTIFICATION_STATUSES);
export type NotificationStatus = z.infer<typeof notificationStatus>;

export const notification = z.object({
  notification_id: uuid,
  name: z.string(),
  message: z.string(),
  /** Path inside the web app of the object the notification is about, if any. */
  link: z.string().nullable(),
  object_type: z.string().nullable(),
  object_id: z.string().nullable(),
  notification_status: notificationStatus,
  created_at: isoDateTime,
});
export type Notification = z.infer<typeof notification>;

export const listNotificationsQuery = pageQuery(['created_at', 'name']).extend({
  notification_status: notificationStatus.optional(),
  name: z.string().trim().max(200).optional(),
});

export const setNotificationStatusQuery = z.object({ notification_status: notificationStatus });

export const bulkNotificationIds = z.array(uuid).min(1, 'Send at least one notification id').max(250);

export const bulkUpdateResult = z.object({ updated: z.number().int() });

/** The message of GET /api/notifications/unread/stream/. */
export const unreadNotificationsEvent = z.object({ type: z.literal('unread_notifications'), count: z.number().int() });
export type UnreadNotificationsEvent = z.infer<typeof unreadNotificationsEvent>;

/** What changed events are about: a work item's status (its concept: `control`, later risks…) or a review's state (`review`). */
export type ChangeConcept = 'review' | (string & {});

/**
 * Also on the unread stream: something the members of a project look at changed, so screens refresh it.
 * Ids only; the screen reads what changed through the API, with the reader's rights. For a review,
 * `object_id` is the reviewed object's id.
 */
export const changedEvent = z.object({ type: z.literal('changed'), concept: z.string(), project_id: uuid, object_id: uuid });
export type ChangedEvent = z.infer<typeof changedEvent>;

export const announcement = z.object({
  name: z.string().trim().min(1, 'Title is required').max(200),
  message: z.string().trim().max(2000).default(''),
  link: z
    .string()
    .trim()
    .max(500)
    .regex(/^\/(?!\/)/, 'Link must be a path inside the app, starting with /')
    .optional(),
});
export type Announcement = z.infer<typeof announcement>;
