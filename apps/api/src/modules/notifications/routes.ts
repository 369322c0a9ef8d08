import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcement,
  bulkNotificationIds,
  bulkUpdateResult,
  errorResponse,
  listNotificationsQuery,
  notification,
  page,
  setNotificationStatusQuery,
  uuid,
} from '@aegis/contracts';
import { createEventHub } from '../../lib/events';
import { access } from '../../plugins/access';
import { notificationService } from './notification-service';
import { streamUnreadCount, type OpenStreams } from './unread-stream';

const tags = ['notifications'];

export async function notificationsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = notificationService(app.deps);
  const hub = createEventHub(app.deps.database, { beforeDispatch: () => app.readCache?.clear() });
  const open: OpenStreams = new Set();
  // Streams never finish on their own: end them before the server waits for in-flight requests.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.addHook('onClose', async () => hub.close());

  app.get(
    '/api/notifications',
    {
      schema: { operationId: 'listNotifications', tags, summary: 'Your notifications in the current organization, newest first', querystring: listNotificationsQuery, response: { 200: page(notification), 401: errorResponse, 422: errorResponse } },
      config: { access: access.user },
    },
    async (request) => service.list(request.ctx, request.query),
  );

  app.patch(
    '/api/notifications/bulk',
    {
      schema: {
        operationId: 'bulkUpdateNotifications',
        tags,
        summary: 'Set the status of several of your notifications',
        querystring: setNotificationStatusQuery,
        body: bulkNotificationIds,
        response: { 200: bulkUpdateResult, 401: errorResponse, 422: errorResponse },
      },
      config: { access: access.user },
    },
    async (request) => service.bulkUpdate(request.ctx, request.body, request.query.notification_status),
  );

  app.patch(
    '/api/notifications/:notification_id',
    {
      schema: {
        operationId: 'updateNotification',
        tags,
        summary: 'Mark one of your notifications unread, read or archived',
        params: z.object({ notification_id: uuid }),
        querystring: setNotificationStatusQuery,
        response: { 200: notification, 401: errorResponse, 404: errorResponse, 422: errorResponse },
      },
      config: { access: access.user },
    },
    async (request) => service.update(request.ctx, request.params.notification_id, request.query.notification_status),
  );

  app.post(
    '/api/notifications/announcements',
    {
      schema: {
        operationId: 'announce',
        tags,
        summary: 'Notify every active member of your organization (platform operators)',
        body: announcement,
        response: { 201: z.object({ notified: z.number().int() }), 401: errorResponse, 403: errorResponse, 422: errorResponse },
      },
      config: { access: access.organization('internal_metrics:read') },
    },
    async (request, reply) => reply.status(201).send(await service.announce(request.ctx, request.body)),
  );

  for (const [path, suffix] of [['/api/notifications/unread/stream/', ''], ['/api/notifications/unread/stream', 'Alias']] as const) {
    app.get(
      path,
      {
        schema: {
          operationId: `streamUnreadNotifications${suffix}`,
          tags,
          summary: 'Server-Sent Events: {"type":"unread_notifications","count":n} on connect and on every change; {"type":"changed","concept","project_id","object_id"} when something in a project you see changes',
          produces: ['text/event-stream'],
        },
        config: { access: access.user },
        logLevel: 'warn',
      },
      async (request, reply) =>
        streamUnreadCount(request, reply, { hub, countUnread: service.unreadCount, open, now: app.deps.clock.now() }),
    );
  }
}
