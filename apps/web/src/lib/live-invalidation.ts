import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  activityKey,
  controlsKey,
  myReviewsKey,
  myWorkKey,
  notificationsKey,
  projectDashboardKey,
  projectFrameworksKey,
  projectKey,
  requirementsKey,
  reviewsKey,
} from './query-keys';
import type { StreamEvent } from './unread-stream';

/** Events arriving within this window refresh each query once (a bulk change sends one per control). */
export const COALESCE_MS = 150;

/**
 * What a stream event makes stale (issue 17, item 12). The screens read the data again with the
 * reader's own rights; the event only says where to look.
 * - The unread count moved: the notifications list changed.
 * - A review changed (requested, decided, cancelled, reviewers changed): the project's reviews and
 *   the object's review panel, the control (its chip and lock), the user's queues, their
 *   notifications (decided reviews are resolved), the dashboard counts and the log.
 * - A control's status changed: the controls (list, detail), what their statuses add up to
 *   (requirements, framework progress, dashboard), the user's work and review queue (a review that
 *   settles moves the status), the review panel and the log.
 * - Another concept (risks, evidence… to come): everything cached about the project.
 */
export function keysForEvent(event: StreamEvent): QueryKey[] {
  if (event.type === 'unread_notifications') return [notificationsKey()];
  const project = event.project_id;
  const common: QueryKey[] = [projectDashboardKey(project), activityKey(project), myWorkKey()];
  switch (event.concept) {
    case 'review':
      return [reviewsKey(project), controlsKey(project), myReviewsKey(), notificationsKey(), ...common];
    case 'control':
      return [controlsKey(project), requirementsKey(project), projectFrameworksKey(project), reviewsKey(project), myReviewsKey(), ...common];
    default:
      return [projectKey(project), myWorkKey(), myReviewsKey()];
  }
}

/**
 * A stream handler that refreshes the affected queries: only those on screen refetch, the rest are
 * marked stale for their next use. Events of one burst are gathered and each key refreshed once.
 */
export function liveInvalidation(queryClient: QueryClient, coalesceMs = COALESCE_MS) {
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    timer = null;
    const keys = [...pending.values()];
    pending.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

  return (event: StreamEvent) => {
    for (const key of keysForEvent(event)) pending.set(JSON.stringify(key), key);
    timer ??= setTimeout(flush, coalesceMs);
  };
}
