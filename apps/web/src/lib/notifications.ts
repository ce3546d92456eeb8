import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@vroum/core/notifications';
import { apiRequest } from './api-client';

/** The signed-in user's 10 latest notifications; live events invalidate it (lib/live-events). */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: ['me', 'notifications'],
    queryFn: ({ signal }) => apiRequest<NotificationList>('/me/notifications', { signal }),
  });

export const useNotifications = (enabled: boolean) =>
  useQuery({ ...notificationsQuery(), enabled });

function useNotificationMutation<Variables>(
  request: (variables: Variables) => Promise<void>,
  apply: (list: NotificationList, variables: Variables) => NotificationList,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (_result, variables) => {
      queryClient.setQueryData(notificationsQuery().queryKey, (list) =>
        list ? apply(list, variables) : list,
      );
    },
  });
}

export const useMarkNotificationRead = () =>
  useNotificationMutation(
    (id: string) =>
      apiRequest<void>(`/me/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    (list, id) => {
      const wasUnread = list.notifications.some((n) => n.id === id && !n.isRead);
      return {
        notifications: list.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
        unreadCount: Math.max(0, list.unreadCount - (wasUnread ? 1 : 0)),
      };
    },
  );

export const useMarkAllNotificationsRead = () =>
  useNotificationMutation(
    () => apiRequest<void>('/me/notifications/read-all', { method: 'POST' }),
    (list) => ({
      notifications: list.notifications.map((n) => ({ ...n, isRead: true })),
      unreadCount: 0,
    }),
  );
