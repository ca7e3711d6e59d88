import { useEffect, useRef, useState } from 'react';
import { REALTIME_CLOSE, realtimeServerMessageSchema } from '@kindred/shared/realtime.schemas';
import { refreshAccessToken } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/session.ts';
import { REALTIME_MATCHING_PATH } from '../../../lib/paths.ts';

export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'unavailable';
export type LiveCount = { status: LiveStatus; total: number | null };

/** Preference changes are sent at most this often, keeping well inside the server's 20 messages per 10 s. */
const SEND_DEBOUNCE_MS = 400;
const MAX_BACKOFF_MS = 15_000;

function socketUrl(token: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${REALTIME_MATCHING_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * The live match count (spec section 7): opens the realtime socket with the access token, sends the whole
 * preference set on open and after every change, and shows the server's total. A dropped socket reconnects with
 * backoff (status 'reconnecting'). A refused token (4401: the 15-minute access token ran out) is renewed once
 * through the shared, single-flight refresh and the socket reopens with the new token; only when the renewal fails,
 * or the renewed token is refused too before the server accepted it, does the count read 'unavailable'. Closed
 * when the wizard unmounts.
 */
export function useLiveMatchCount(preferences: object, enabled: boolean): LiveCount {
  const [state, setState] = useState<LiveCount>({ status: 'connecting', total: null });
  const socketRef = useRef<WebSocket | null>(null);
  const latest = useRef(JSON.stringify(preferences));
  const payload = JSON.stringify(preferences);
  latest.current = payload;

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let attempt = 0;
    // Set after a renewal, cleared once the server accepts a token: a second 4401 in between means renewing again
    // would not help (the session is gone or the clock is off), so the page stops instead of looping.
    let renewed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      const token = getToken();
      if (!token) return setState((s) => ({ ...s, status: 'unavailable' }));
      const ws = new WebSocket(socketUrl(token));
      socketRef.current = ws;
      ws.onmessage = (event) => {
        let parsed;
        try {
          parsed = realtimeServerMessageSchema.safeParse(JSON.parse(String(event.data)));
        } catch {
          return;
        }
        if (!parsed.success) return;
        const msg = parsed.data;
        if (msg.type === 'connection_established') {
          attempt = 0;
          renewed = false;
          setState((s) => ({ ...s, status: 'open' }));
          ws.send(JSON.stringify({ type: 'update_preferences', preferences: JSON.parse(latest.current) }));
        } else if (msg.type === 'matching_results') {
          setState({ status: 'open', total: msg.data.total_matches });
        }
      };
      ws.onclose = (event) => {
        if (socketRef.current === ws) socketRef.current = null;
        if (stopped) return;
        if (event.code === REALTIME_CLOSE.badToken) return void renewAndReconnect();
        setState((s) => ({ ...s, status: 'reconnecting' }));
        const base = event.code === REALTIME_CLOSE.tooManyMessages ? 10_000 : 1000;
        retry = setTimeout(connect, Math.min(MAX_BACKOFF_MS, base * 2 ** attempt++));
      };
    };

    const renewAndReconnect = async () => {
      if (renewed) return setState((s) => ({ ...s, status: 'unavailable' }));
      renewed = true;
      setState((s) => ({ ...s, status: 'reconnecting' }));
      const ok = await refreshAccessToken();
      if (stopped) return;
      if (!ok) return setState((s) => ({ ...s, status: 'unavailable' }));
      connect();
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socketRef.current?.close(1000, 'left the wizard');
      socketRef.current = null;
    };
  }, [enabled]);

  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => {
      const ws = socketRef.current;
      if (ws && ws.readyState === WebSocket.OPEN)
        ws.send(JSON.stringify({ type: 'update_preferences', preferences: JSON.parse(payload) }));
    }, SEND_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [payload, enabled]);

  return state;
}
