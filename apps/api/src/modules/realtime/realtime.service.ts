import { countMatches } from '@kindred/matching';
import { normalizePreferences, type NormalizedPreferences } from '@kindred/shared/preferences';
import { REALTIME_LIMITS, realtimeClientMessageSchema } from '@kindred/shared/realtime.schemas';
import type { DonorType } from '@kindred/shared/vocabulary';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { EventBus } from '../../lib/events.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { createOpenSockets } from './open-sockets.ts';
import { createSocketSlots } from './socket-slots.ts';

export type ParsedMessage = { ok: true; preferences: NormalizedPreferences } | { ok: false; error: string };

/**
 * Reads one client message: JSON text of `{type: 'update_preferences', preferences}`, validated by the shared
 * schema and normalised exactly as a saved preference set is. Never throws; the error names the first problem.
 */
export function parseRealtimeMessage(text: string): ParsedMessage {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Message is not valid JSON.' };
  }
  const parsed = realtimeClientMessageSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return { ok: false, error: `Invalid message. ${where}${issue?.message ?? 'Invalid input.'}` };
  }
  const { latitude, longitude, location: _location, ...raw } = parsed.data.preferences;
  const origin = latitude != null && longitude != null ? { lat: latitude, lon: longitude } : null;
  return { ok: true, preferences: normalizePreferences(raw, { origin }) };
}

/**
 * A per-connection sliding window: `take()` is false once `limit` messages arrived within the last `windowMs`.
 * Monotonic time, not the injectable clock: this limits real traffic, it is not a business rule.
 */
export function createMessageRate(limit: number, windowMs: number, now: () => number = () => performance.now()) {
  const times: number[] = [];
  return {
    take(): boolean {
      const t = now();
      while (times.length > 0 && t - times[0]! >= windowMs) times.shift();
      if (times.length >= limit) return false;
      times.push(t);
      return true;
    },
  };
}

/**
 * The live match count (donors passing every hard filter; it names no donor, so no plan is needed), the open
 * sockets that a sign-in ending on any instance closes, and the per-user socket cap (across instances with Redis).
 */
export function createRealtimeService(deps: {
  catalogue: Pick<CatalogueService, 'current'>;
  events: Pick<EventBus, 'subscribe' | 'onReconnect'>;
  redis?: Redis;
  redisPrefix?: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  return {
    sockets: createOpenSockets(deps.events),
    slots: createSocketSlots({
      limit: REALTIME_LIMITS.socketsPerUser,
      // Renewed on every keepalive ping: a crashed instance's sockets stop counting after three missed pings.
      ttlMs: 3 * REALTIME_LIMITS.pingIntervalMs,
      redis: deps.redis,
      prefix: deps.redisPrefix,
      log: deps.log,
    }),
    async liveCount(prefs: NormalizedPreferences): Promise<{ total_matches: number; donor_type: DonorType | null }> {
      const { index } = await deps.catalogue.current();
      return { total_matches: countMatches(index, prefs), donor_type: prefs.donorType };
    },
  };
}
export type RealtimeService = ReturnType<typeof createRealtimeService>;
