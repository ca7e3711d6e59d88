import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REALTIME_CLOSE, realtimeServerMessageSchema } from '@kindred/shared/realtime.schemas';
import { refreshAccessToken } from '../../../lib/api-client.ts';
import { REALTIME_MATCHING_PATH } from '../../../lib/paths.ts';
import { getToken } from '../../../lib/session.ts';
import { notificationsKey, unreadKey } from '../api/notifications.api.ts';

const MAX_BACKOFF_MS = 30_000;

/**
 * Keeps the bell live (ADR 025): the realtime socket pushes `{type: 'notifications', data: {unread}}` whenever the
 * user's notifications change on any instance; the count is set and the list refetched. Reconnects with backoff;
 * a refused token is renewed once. While it is down, the count's own 60 s refetch keeps it roughly right.
 */
export function useNotificationSocket(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let stopped = false;
    let attempt = 0;
    let renewed = false;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      const token = getToken();
      if (!token || stopped) return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(
        // `for=notifications` names this socket in the address (the server reads only the token): the wizard's live
        // count opens its own on the same path, and logs and tests tell the two apart.
        `${scheme}://${window.location.host}${REALTIME_MATCHING_PATH}?token=${encodeURIComponent(token)}&for=notifications`,
      );
      socket = ws;
      ws.onmessage = (event) => {
        let parsed;
        try {
          parsed = realtimeServerMessageSchema.safeParse(JSON.parse(String(event.data)));
        } catch {
          return;
        }
        if (!parsed.success) return;
        if (parsed.data.type === 'connection_established') {
          attempt = 0;
          renewed = false;
          // Whatever changed while the socket was away.
          void queryClient.invalidateQueries({ queryKey: unreadKey });
        } else if (parsed.data.type === 'notifications') {
          queryClient.setQueryData(unreadKey, parsed.data.data.unread);
          void queryClient.invalidateQueries({
            queryKey: notificationsKey,
            predicate: (q) => q.queryKey[1] !== 'unread',
          });
        }
      };
      ws.onclose = (event) => {
        if (socket === ws) socket = null;
        if (stopped) return;
        if (event.code === REALTIME_CLOSE.badToken && !renewed) {
          renewed = true;
          void refreshAccessToken().then((ok) => ok && connect());
          return;
        }
        retry = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close(1000, 'left the app');
    };
  }, [enabled, queryClient]);
}
