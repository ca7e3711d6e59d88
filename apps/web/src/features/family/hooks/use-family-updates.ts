import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REALTIME_CLOSE, realtimeServerMessageSchema } from '@kindred/shared/realtime.schemas';
import { refreshAccessToken } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/session.ts';
import { REALTIME_MATCHING_PATH } from '../../../lib/paths.ts';
import { familyKey } from '../api/family.api.ts';

const MAX_BACKOFF_MS = 15_000;

/**
 * Live updates from the partner (issue 29): keeps the realtime socket open while a family page is shown; when the
 * server says the family changed (`family_update`: a rating, a shared note, the shortlist, the link), every family
 * query is read again, so the partner's rating appears without a reload. Reconnects with backoff; a refused token
 * is renewed once. Returns whether the socket is open (the page says "live" then).
 */
export function useFamilyUpdates(enabled: boolean): boolean {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let attempt = 0;
    let renewed = false;
    let ws: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const token = getToken();
      if (!token) return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      ws = new WebSocket(
        `${scheme}://${window.location.host}${REALTIME_MATCHING_PATH}?token=${encodeURIComponent(token)}`,
      );
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
          setOpen(true);
          // Whatever changed while the socket was away.
          void client.invalidateQueries({ queryKey: familyKey });
        } else if (parsed.data.type === 'family_update') {
          void client.invalidateQueries({ queryKey: familyKey });
        }
      };
      ws.onclose = (event) => {
        setOpen(false);
        if (stopped) return;
        if (event.code === REALTIME_CLOSE.badToken) {
          if (renewed) return;
          renewed = true;
          void refreshAccessToken().then((ok) => {
            if (ok && !stopped) connect();
          });
          return;
        }
        retry = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      ws?.close();
    };
  }, [enabled, client]);
  return open;
}
