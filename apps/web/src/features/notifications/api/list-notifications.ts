import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Notification, NotificationStatus, Page } from '@aegis/contracts';
import { apiFetch } from '../../../lib/api-client';

export type NotificationFilters = { status?: NotificationStatus; name?: string; page: number; size: number };

export function listNotifications({ status, name, page, size }: NotificationFilters): Promise<Page<Notification>> {
  return apiFetch<Page<Notification>>('/api/notifications', {
    query: { notification_status: status, name: name || undefined, page, size },
  });
}

export const notificationsQuery = (filters: NotificationFilters) =>
  queryOptions({ queryKey: ['notifications', filters], queryFn: () => listNotifications(filters), placeholderData: keepPreviousData });

export const useNotifications = (filters: NotificationFilters) => useQuery(notificationsQuery(filters));
