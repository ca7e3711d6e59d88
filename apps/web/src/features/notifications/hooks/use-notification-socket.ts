import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeSocket } from '../../../lib/use-realtime-socket.ts';
import { notificationsKey, unreadKey } from '../api/notifications.api.ts';

/**
 * Keeps the bell live (ADR 025): the realtime socket pushes `{type: 'notifications', data: {unread}}` whenever the
 * user's notifications change on any instance; the count is set and the list refetched. While it is down, the
 * count's own 60 s refetch keeps it roughly right; on reconnecting the count is read again.
 */
export function useNotificationSocket(enabled: boolean): void {
  const queryClient = useQueryClient();
  useRealtimeSocket({
    enabled,
    purpose: 'notifications',
    maxBackoffMs: 30_000,
    onMessage: (message) => {
      if (message.type === 'connection_established') {
        void queryClient.invalidateQueries({ queryKey: unreadKey });
      } else if (message.type === 'notifications') {
        queryClient.setQueryData(unreadKey, message.data.unread);
        void queryClient.invalidateQueries({
          queryKey: notificationsKey,
          predicate: (q) => q.queryKey[1] !== 'unread',
        });
      }
    },
  });
}
