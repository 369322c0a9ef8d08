import type { Announcement, Notification, NotificationStatus, Page } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { publish } from '../../lib/events';
import { forbidden, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { memberships } from '../organizations/memberships';
import { notificationRepository, type NotificationRow, type Recipient } from './notification-repository';
import { notifyUsers } from './notify';

const toNotification = (row: NotificationRow): Notification => ({
  notification_id: row.id,
  name: row.name,
  message: row.message,
  link: row.link,
  object_type: row.objectType,
  object_id: row.objectId,
  notification_status: row.status,
  created_at: row.createdAt.toISOString(),
});

/** Notifications belong to a user within their current organization. */
export function recipientOf(ctx: RequestContext): Recipient {
  if (!ctx.organizationId) throw forbidden('Notifications belong to an organization, and you are not a member of any', 'no_organization');
  return { userId: ctx.user.id, organizationId: ctx.organizationId };
}

export function notificationService(deps: Pick<Deps, 'db'>) {
  async function setStatus(ctx: RequestContext, ids: string[], status: NotificationStatus) {
    const recipient = recipientOf(ctx);
    return deps.db.transaction(async (tx) => {
      const rows = await notificationRepository.setStatus(tx, recipient, ids, status);
      if (rows.length > 0) await publish(tx, { type: 'notifications_changed', user_id: recipient.userId, organization_id: recipient.organizationId });
      return rows;
    });
  }

  return {
    async list(
      ctx: RequestContext,
      query: { notification_status?: NotificationStatus; name?: string; page: number; size: number; sort_by?: 'created_at' | 'name'; descending: boolean },
    ): Promise<Page<Notification>> {
      const { items, total } = await notificationRepository.list(deps.db, recipientOf(ctx), {
        status: query.notification_status,
        name: query.name || undefined,
        page: query.page,
        size: query.size,
        sortBy: query.sort_by,
        descending: query.descending,
      });
      return pageOf(items.map(toNotification), total, query.page, query.size);
    },

    async update(ctx: RequestContext, id: string, status: NotificationStatus): Promise<Notification> {
      const [row] = await setStatus(ctx, [id], status);
      if (!row) throw notFound('Notification');
      return toNotification(row);
    },

    /** Sets the status of several notifications; ids that are not the caller's are ignored. */
    async bulkUpdate(ctx: RequestContext, ids: string[], status: NotificationStatus) {
      return { updated: (await setStatus(ctx, [...new Set(ids)], status)).length };
    },

    unreadCount: (recipient: Recipient) => notificationRepository.countUnread(deps.db, recipient),

    /** A platform operator's notice to every active member of their current organization. */
    async announce(ctx: RequestContext, input: Announcement) {
      const { organizationId } = recipientOf(ctx);
      return deps.db.transaction(async (tx) => {
        const userIds = await memberships.activeMemberIds(tx, organizationId);
        const rows = await notifyUsers(tx, { organizationId, userIds, name: input.name, message: input.message, link: input.link, objectType: 'announcement' });
        return { notified: rows.length };
      });
    },
  };
}
