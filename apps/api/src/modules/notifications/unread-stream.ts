import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangedEvent, UnreadNotificationsEvent } from '@aegis/contracts';
import type { EventHub } from '../../lib/events';
import { recipientOf } from './notification-service';

const HEARTBEAT_MS = 20_000;
const MAX_TIMER_MS = 2_147_483_647;

export type OpenStreams = Set<() => void>;

/**
 * Server-Sent Events: the unread count on connect and whenever it changes, the changes made to the
 * projects the user sees (so their screens refresh), heartbeats between. The stream ends when the access token expires, so the client refreshes and reconnects.
 */
export async function streamUnreadCount(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { hub: EventHub; countUnread: (r: ReturnType<typeof recipientOf>) => Promise<number>; open: OpenStreams; now: Date },
) {
  const recipient = recipientOf(request.ctx);
  const raw = reply.raw;
  let last = -1;
  let closed = false;
  let queue = Promise.resolve();

  const write = (chunk: string) => {
    if (!closed) raw.write(chunk);
  };
  const sendCount = () => {
    queue = queue
      .then(async () => {
        if (closed) return;
        const count = await opts.countUnread(recipient);
        if (count === last) return;
        last = count;
        const event: UnreadNotificationsEvent = { type: 'unread_notifications', count };
        write(`data: ${JSON.stringify(event)}\n\n`);
      })
      .catch((error: unknown) => {
        request.log.warn({ err: error }, 'unread stream: count failed; closing');
        end();
      });
  };

  const sendChange = (change: ChangedEvent) => {
    // Through the same queue, so a change never overtakes the count sent before it.
    queue = queue.then(() => write(`data: ${JSON.stringify(change)}\n\n`));
  };

  // Only what happens in the organization the stream was opened for.
  const unsubscribe = await opts.hub.subscribe(recipient.userId, (event) => {
    if (event.organization_id !== recipient.organizationId) return;
    if (event.type === 'changed') sendChange({ type: 'changed', concept: event.concept, project_id: event.project_id, object_id: event.object_id });
    else sendCount();
  });
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
  const expiresAt = request.ctx.token.expiresAt;
  const expiry = expiresAt ? setTimeout(() => end(), Math.min(Math.max(0, expiresAt.getTime() - opts.now.getTime()), MAX_TIMER_MS)) : undefined;

  function end() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    if (expiry) clearTimeout(expiry);
    unsubscribe();
    opts.open.delete(end);
    raw.end();
  }
  opts.open.add(end);
  request.raw.on('close', end);

  reply.hijack();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = String(value);
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  write(': connected\n\n');
  sendCount();
}
