import type { FastifyInstance, FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import { REALTIME_CLOSE, REALTIME_LIMITS, type RealtimeServerMessage } from '@kindred/shared/realtime.schemas';
import type { Clock } from '../../lib/clock.ts';
import type { AuthGuard, AuthUser } from '../../plugins/auth-guard.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import { createMessageRate, parseRealtimeMessage, type RealtimeService } from './realtime.service.ts';
import type { SocketSlot } from './socket-slots.ts';

export const REALTIME_PATH = '/ws/realtime-matching/';

type Options = {
  guard: AuthGuard;
  limits: RateLimits;
  realtime: RealtimeService;
  clock: Clock;
  pingIntervalMs?: number;
  /** The user's unread notification count (ADR 025), pushed whenever it changes (read it over HTTP at first). */
  unreadCount?: (userId: string) => Promise<number>;
};
type SocketUser = AuthUser & { expiresAt: Date; token: string; sid: string | undefined };

/** Short close reasons (the protocol allows 123 bytes); the readable explanation goes in the error message before. */
const REASONS: Record<number, string> = {
  [REALTIME_CLOSE.badToken]: 'unauthorized',
  [REALTIME_CLOSE.badMessage]: 'bad message',
  [REALTIME_CLOSE.tooManyMessages]: 'too many messages',
  1011: 'internal error',
};

const textOf = (data: Buffer | ArrayBuffer | Buffer[]) =>
  (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');

/**
 * The live match count over a WebSocket (contract: packages/shared/src/realtime.schemas.ts, README). The token is
 * checked with the auth guard's own rules before the upgrade completes; the verdict is delivered as a close code
 * right after it (4401), because a refused upgrade reaches a browser client only as an anonymous failure.
 */
export async function realtimeRoutes(app: FastifyInstance, opts: Options) {
  const users = new WeakMap<FastifyRequest, SocketUser>();
  const pingIntervalMs = opts.pingIntervalMs ?? REALTIME_LIMITS.pingIntervalMs;

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      onRequest: async (request) => opts.limits.consume('api_ip', request.ip),
      preValidation: async (request) => {
        const token = (request.query as Record<string, unknown>).token;
        const user = typeof token === 'string' && token !== '' ? await opts.guard.verifyAccessToken(token) : null;
        if (user) users.set(request, { ...user, token: token as string });
      },
    },
    (socket: WebSocket, request) => {
      const send = (message: RealtimeServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const fail = (code: number, message: string, reason: string = REASONS[code] ?? '') => {
        if (socket.readyState !== socket.OPEN) return;
        send({ type: 'error', message });
        socket.close(code, reason);
      };

      const user = users.get(request);
      const count = opts.unreadCount;
      const pushUnread = async () => {
        if (!count || !user) return;
        try {
          send({ type: 'notifications', data: { unread: await count(user.id) } });
        } catch (err) {
          request.log.warn({ err }, 'unread notification count failed');
        }
      };
      if (!user) return fail(REALTIME_CLOSE.badToken, 'Authentication failed. Please sign in again.');
      // Handlers are attached synchronously (messages are not lost); they run once the slot is settled.
      let slot: SocketSlot | null = null;
      let untrack: (() => void) | undefined;
      let closed = false;
      socket.on('close', () => {
        closed = true;
        slot?.release();
        untrack?.();
      });
      const ready = opts.realtime.slots.acquire(user.id).then((taken) => {
        if (!taken)
          return fail(
            REALTIME_CLOSE.tooManyMessages,
            'Too many open connections. Please close another Kindred tab and try again.',
            'too many connections',
          );
        if (closed) return taken.release();
        slot = taken;
        untrack = opts.realtime.sockets.track({
          userId: user.id,
          sid: user.sid,
          stillValid: async () => (await opts.guard.verifyAccessToken(user.token)) !== null,
          end: () => fail(REALTIME_CLOSE.badToken, 'Your session has ended. Please sign in again.'),
          send,
          notificationsChanged: () => void pushUnread(),
        });
        send({ type: 'connection_established' });
      });

      // Keepalive: a peer that has not answered the previous ping by the next one is gone.
      let alive = true;
      socket.on('pong', () => (alive = true));
      const pinger = setInterval(() => {
        if (!alive) return socket.terminate();
        // An idle socket must not outlive its token (nor hold a place under the per-user limit).
        if (opts.clock.now() >= user.expiresAt)
          return fail(REALTIME_CLOSE.badToken, 'Your session has expired. Please sign in again.');
        alive = false;
        slot?.renew();
        socket.ping();
      }, pingIntervalMs);
      pinger.unref();
      socket.on('close', () => clearInterval(pinger));

      const rate = createMessageRate(REALTIME_LIMITS.messagesPerWindow, REALTIME_LIMITS.windowMs);
      // Answers go out in the order messages came in, even if the index is being rebuilt meanwhile.
      let queue = ready;
      socket.on('message', (data, isBinary) => {
        alive = true;
        if (!rate.take())
          return fail(REALTIME_CLOSE.tooManyMessages, 'Too many messages. Please slow down and reconnect.');
        if (opts.clock.now() >= user.expiresAt)
          return fail(REALTIME_CLOSE.badToken, 'Your session has expired. Please sign in again.');
        if (isBinary) return fail(REALTIME_CLOSE.badMessage, 'Messages must be JSON text.');
        const parsed = parseRealtimeMessage(textOf(data));
        if (!parsed.ok) return fail(REALTIME_CLOSE.badMessage, parsed.error);
        queue = queue
          .then(async () => {
            if (socket.readyState !== socket.OPEN) return;
            // The token is checked again for every message: a password change or a deleted account ends the session.
            if (!(await opts.guard.verifyAccessToken(user.token)))
              return fail(REALTIME_CLOSE.badToken, 'Your session has ended. Please sign in again.');
            send({ type: 'matching_results', data: await opts.realtime.liveCount(parsed.preferences) });
          })
          .catch((err: unknown) => {
            request.log.error({ err }, 'realtime match count failed');
            fail(1011, 'Something went wrong on our side. Please try again.');
          });
      });
    },
  );
}
