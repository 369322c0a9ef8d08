import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COALESCE_MS, keysForEvent, liveInvalidation } from './live-invalidation';
import { controlsKey, myReviewsKey, myWorkKey, notificationsKey, projectDashboardKey, projectFrameworksKey, projectKey, requirementsKey, reviewsKey } from './query-keys';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const CONTROL = '33333333-3333-4333-8333-333333333333';

// The keys the screens use (features/*/api): a control's detail and list, an object's review panel…
const cached: Record<string, QueryKey> = {
  controlDetail: [...controlsKey(PROJECT), 'detail', 'MFF-1.GOV.01'],
  controlList: [...controlsKey(PROJECT), 'list', { page: 1 }],
  objectReviews: [...reviewsKey(PROJECT), 'control', CONTROL],
  requirements: [...requirementsKey(PROJECT), 'list', { framework: 'MFF-1' }],
  frameworkProgress: [...projectFrameworksKey(PROJECT), 'progress'],
  dashboard: projectDashboardKey(PROJECT),
  myReviews: [...myReviewsKey(), { page: 1, size: 3 }],
  myWork: myWorkKey(),
  notifications: [...notificationsKey(), { notification_status: 'unread' }],
  projectDetail: [...projectKey(PROJECT), 'detail'],
  otherProjectControls: [...controlsKey(OTHER), 'list', { page: 1 }],
  otherProjectReviews: [...reviewsKey(OTHER), 'control', CONTROL],
};

let client: QueryClient;
beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient();
  for (const key of Object.values(cached)) client.setQueryData(key, { cached: true });
});
afterEach(() => {
  client.clear();
  vi.useRealTimers();
});

/** The names of the cached queries an event marks stale. */
async function staleAfter(...events: Parameters<ReturnType<typeof liveInvalidation>>[0][]) {
  const handle = liveInvalidation(client);
  for (const event of events) handle(event);
  await vi.advanceTimersByTimeAsync(COALESCE_MS);
  return Object.entries(cached)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('live invalidation', () => {
  it('a decided review refreshes the review panel, the control, the queues, the notifications and the dashboard of its project only', async () => {
    expect(await staleAfter({ type: 'changed', concept: 'review', project_id: PROJECT, object_id: CONTROL })).toEqual(
      ['controlDetail', 'controlList', 'dashboard', 'myReviews', 'myWork', 'notifications', 'objectReviews'].sort(),
    );
  });

  it("a control's status change refreshes the control, what its status adds up to and the user's work", async () => {
    expect(await staleAfter({ type: 'changed', concept: 'control', project_id: PROJECT, object_id: CONTROL })).toEqual(
      ['controlDetail', 'controlList', 'dashboard', 'frameworkProgress', 'myReviews', 'myWork', 'objectReviews', 'requirements'].sort(),
    );
  });

  it('a concept it does not know yet refreshes everything of the project', async () => {
    const stale = await staleAfter({ type: 'changed', concept: 'risk', project_id: PROJECT, object_id: CONTROL });
    expect(stale).toEqual(expect.arrayContaining(['controlDetail', 'projectDetail', 'requirements', 'myWork', 'myReviews']));
    expect(stale).not.toContain('otherProjectControls');
  });

  it('a new unread count refreshes the notifications list only', async () => {
    expect(await staleAfter({ type: 'unread_notifications', count: 2 })).toEqual(['notifications']);
  });

  it('waits for the burst to end and refreshes each query once', async () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const handle = liveInvalidation(client);
    for (let i = 0; i < 50; i += 1) handle({ type: 'changed', concept: 'control', project_id: PROJECT, object_id: `${i}` });
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(invalidate).toHaveBeenCalledTimes(keysForEvent({ type: 'changed', concept: 'control', project_id: PROJECT, object_id: CONTROL }).length);
  });
});
