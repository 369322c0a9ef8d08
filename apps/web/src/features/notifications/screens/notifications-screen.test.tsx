import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@aegis/contracts';
import { signIn, stubAppApi } from '../../../testing/app-api';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const note = (id: string, name: string, status: Notification['notification_status'] = 'unread', link: string | null = null): Notification => ({
  notification_id: `0199a0b2-0000-7000-8000-00000000000${id}`,
  name,
  message: `About ${name}`,
  link,
  object_type: null,
  object_id: null,
  notification_status: status,
  created_at: '2026-11-20T09:30:00Z',
});

function stubNotifications(items: Notification[]) {
  const calls: { method: string; url: string; body?: string }[] = [];
  stubAppApi({
    handle: ({ url, init }) => {
      if (!url.startsWith('/api/notifications') || url.includes('/stream')) return undefined;
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body as string | undefined });
      if (method === 'GET') {
        const status = new URL(url, 'http://x').searchParams.get('notification_status');
        const shown = items.filter((n) => !status || n.notification_status === status);
        return jsonResponse(200, { items: shown, total: shown.length, page: 1, size: 10, pages: 1 });
      }
      if (url.includes('/bulk')) return jsonResponse(200, { updated: JSON.parse(init.body as string).length });
      return jsonResponse(200, { ...items[0], notification_status: 'read' });
    },
  });
  return calls;
}

describe('NotificationsScreen', () => {
  it('lists notifications and marks one read', async () => {
    signIn();
    const calls = stubNotifications([note('1', 'Risk assigned'), note('2', 'Review requested', 'read')]);
    renderApp('/notifications');
    expect(await screen.findByText('Risk assigned')).toBeInTheDocument();
    expect(screen.getByText('About Review requested')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark as read: Risk assigned' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/api/notifications/0199a0b2-0000-7000-8000-000000000001?notification_status=read');
  });

  it('archives a selection in one bulk call', async () => {
    signIn();
    const calls = stubNotifications([note('1', 'One'), note('2', 'Two'), note('3', 'Three')]);
    renderApp('/notifications');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select One' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Three' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/notifications/bulk'))).toBe(true));
    const bulk = calls.find((c) => c.url.startsWith('/api/notifications/bulk'))!;
    expect(bulk.url).toBe('/api/notifications/bulk?notification_status=archived');
    expect(JSON.parse(bulk.body!)).toEqual(['0199a0b2-0000-7000-8000-000000000001', '0199a0b2-0000-7000-8000-000000000003']);
  });

  it('filters by status and shows an empty state for the filter', async () => {
    signIn();
    const calls = stubNotifications([note('2', 'Old news', 'read')]);
    renderApp('/notifications');
    await screen.findByText('Old news');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Unread' }));
    expect(await screen.findByText('You are all caught up: no unread notifications.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'GET' && c.url.includes('notification_status=unread'))).toBe(true);
  });

  it('opens the linked object and marks the notification read', async () => {
    signIn();
    const calls = stubNotifications([note('1', 'Token created', 'unread', '/tokens')]);
    const { router } = renderApp('/notifications');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Open Token created' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tokens'));
    expect(calls.some((c) => c.method === 'PATCH' && c.url.includes('notification_status=read'))).toBe(true);
  });

  it('searches what the API matches, the titles, and says so', async () => {
    signIn();
    const calls = stubNotifications([note('1', 'Assigned to you: MFF-1.DAT.01')]);
    renderApp('/notifications');
    await screen.findByText('Assigned to you: MFF-1.DAT.01');
    expect(screen.queryByRole('searchbox', { name: 'Search by name' })).not.toBeInTheDocument();
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search by title' }), 'assigned');
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && new URL(c.url, 'http://x').searchParams.get('name') === 'assigned')).toBe(true));
  });
});
