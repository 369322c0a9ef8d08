import { sql } from 'drizzle-orm';
import type { ChangeConcept } from '@aegis/contracts';
import type { Database, Executor, Listener } from '../db/client';

/** One PostgreSQL channel carries every realtime event; instances fan events out to their own listeners. */
export const EVENTS_CHANNEL = 'aegis_events';

export type AppEvent =
  | { type: 'notifications_changed'; user_id: string; organization_id: string }
  /** Something the members of a project see changed (notifications/live-events.ts); ids only. */
  | { type: 'changed'; user_ids: string[]; organization_id: string; project_id: string; concept: ChangeConcept; object_id: string };

/**
 * Publishes through NOTIFY: sent when the surrounding transaction commits, and received by every API
 * instance listening on the same database, this one included.
 */
export async function publish(db: Executor, event: AppEvent) {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

type Handler = (event: AppEvent) => void;

/**
 * Dispatches the channel's events to this process's subscribers, keyed by user id. `beforeDispatch` runs
 * first for every event: a screen told that something changed reads it again at once, and that read must
 * not meet an answer kept from before the change (plugins/read-cache.ts hears the change on a connection
 * of its own, which may come later than this one).
 */
export function createEventHub(database: Pick<Database, 'listen'>, hooks: { beforeDispatch?: () => void } = {}) {
  const subscribers = new Map<string, Set<Handler>>();
  let listening: Promise<Listener> | undefined;

  const dispatch = (payload: string) => {
    let event: AppEvent;
    try {
      event = JSON.parse(payload) as AppEvent;
    } catch {
      return;
    }
    hooks.beforeDispatch?.();
    const userIds = event.type === 'changed' ? event.user_ids : [event.user_id];
    for (const userId of userIds) for (const handler of subscribers.get(userId) ?? []) handler(event);
  };

  return {
    /** Starts listening on first use, so an instance nobody streams from holds no extra connection. */
    async subscribe(userId: string, handler: Handler): Promise<() => void> {
      listening ??= database.listen(EVENTS_CHANNEL, dispatch).catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
      await listening;
      const set = subscribers.get(userId) ?? new Set<Handler>();
      set.add(handler);
      subscribers.set(userId, set);
      return () => {
        set.delete(handler);
        if (set.size === 0) subscribers.delete(userId);
      };
    },

    async close() {
      const listener = await listening?.catch(() => undefined);
      listening = undefined;
      subscribers.clear();
      await listener?.stop();
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
