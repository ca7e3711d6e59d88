import { useEffect, useRef, useState } from 'react';
import {
  REALTIME_CLOSE,
  realtimeServerMessageSchema,
  type RealtimeServerMessage,
} from '@kindred/shared/realtime.schemas';
import { refreshAccessToken } from './api-client.ts';
import { REALTIME_MATCHING_PATH } from './paths.ts';
import { getToken } from './session.ts';

/**
 * A listening socket on the realtime path (the bell, a family page): opens while `enabled`, hands every valid server
 * message to `onMessage` (the latest one given, without reopening), reconnects with backoff up to `maxBackoffMs`,
 * and renews a refused token once. `purpose` names the socket in its address (`for=`; the server reads only the
 * token): the wizard's live count opens its own on the same path, and logs and tests tell them apart. A
 * `connection_established` message reaches `onMessage` too, so the caller can read again whatever changed while
 * the socket was away. Returns whether the socket is open.
 */
export function useRealtimeSocket(opts: {
  enabled: boolean;
  purpose: string;
  maxBackoffMs: number;
  onMessage: (message: RealtimeServerMessage) => void;
}): boolean {
  const { enabled, purpose, maxBackoffMs } = opts;
  const onMessage = useRef(opts.onMessage);
  onMessage.current = opts.onMessage;
  const [open, setOpen] = useState(false);
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
        `${scheme}://${window.location.host}${REALTIME_MATCHING_PATH}?token=${encodeURIComponent(token)}` +
          `&for=${encodeURIComponent(purpose)}`,
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
          setOpen(true);
        }
        onMessage.current(parsed.data);
      };
      ws.onclose = (event) => {
        if (socket === ws) socket = null;
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
        retry = setTimeout(connect, Math.min(maxBackoffMs, 1000 * 2 ** attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close(1000, 'left the page');
    };
  }, [enabled, purpose, maxBackoffMs]);
  return open;
}
