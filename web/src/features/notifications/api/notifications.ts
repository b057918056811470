import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATIONS_DROPDOWN_SIZE,
  notificationResponse,
  readAllResponse,
  userNotificationsResponse,
} from '@church/contract/notifications';
import { api } from '../../../lib/api-client';

export const notificationKeys = { all: ['notifications'] as const };

/** The newest five for the header dropdown, with the unread count (spec 000 §9). */
export const latestNotificationsQuery = () =>
  queryOptions({
    queryKey: [...notificationKeys.all, 'latest', NOTIFICATIONS_DROPDOWN_SIZE] as const,
    queryFn: () =>
      api('/notifications/user', { query: { page: 1, limit: NOTIFICATIONS_DROPDOWN_SIZE }, schema: userNotificationsResponse }).then(
        (r) => r.data,
      ),
    // New notifications (an event reminder, an approved prayer) show up without a reload.
    refetchInterval: 60_000,
    staleTime: 15_000,
  });

export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/notifications/${id}/read`, { method: 'PATCH', schema: notificationResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('/notifications/read-all', { method: 'PATCH', schema: readAllResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
