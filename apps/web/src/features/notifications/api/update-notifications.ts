import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationStatus } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';

export function updateNotification(notificationId: string, status: NotificationStatus): Promise<Notification> {
  requireParams('updateNotification', { notification_id: notificationId, notification_status: status });
  return apiFetch<Notification>(`/api/notifications/${encodeURIComponent(notificationId)}`, {
    method: 'PATCH',
    query: { notification_status: status },
  });
}

export function bulkUpdateNotifications(notificationIds: string[], status: NotificationStatus): Promise<{ updated: number }> {
  requireParams('bulkUpdateNotifications', { notification_status: status });
  return apiFetch<{ updated: number }>('/api/notifications/bulk', {
    method: 'PATCH',
    query: { notification_status: status },
    json: notificationIds,
  });
}

/** Sets the status of one or more notifications; the unread badge follows through the stream. */
export function useSetNotificationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, status }: { ids: string[]; status: NotificationStatus }): Promise<void> => {
      if (ids.length === 1) await updateNotification(ids[0]!, status);
      else await bulkUpdateNotifications(ids, status);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
