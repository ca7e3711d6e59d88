import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import WebSocket from 'ws';
import { countMatches } from '@kindred/matching';
import { ACCESS_TOKEN_TTL_SECONDS } from '@kindred/shared';
import { normalizePreferences } from '@kindred/shared/preferences';
import { REALTIME_CLOSE, REALTIME_LIMITS } from '@kindred/shared/realtime.schemas';
import { createTestContext, newParent, type TestContext } from './harness.ts';
import { wideRates } from './payments-helpers.ts';
import { systemClock } from '../src/lib/clock.ts';
import type { AuthGuard } from '../src/plugins/auth-guard.ts';
import { createRateLimits } from '../src/plugins/rate-limit.ts';
import { realtimeRoutes } from '../src/modules/realtime/realtime.routes.ts';
import { createOpenSockets } from '../src/modules/realtime/open-sockets.ts';
import { createSocketSlots } from '../src/modules/realtime/socket-slots.ts';
import { eggPrefs, seedCatalogue } from './matching-helpers.ts';
import { connect } from './ws-client.ts';

/** The live match count over a WebSocket: auth on connect, validated messages, limits and close codes. */
describe('realtime match count (WebSocket)', () => {
  let ctx: TestContext;
  let base: string;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await seedCatalogue(ctx);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws/realtime-matching/`;
    token = (await newParent(ctx.app)).access;
  });
  afterAll(async () => ctx.close());

  const expected = async (prefs: Record<string, unknown>) => {
    const {
      latitude,
      longitude,
      location: _l,
      ...raw
    } = prefs as Record<string, unknown> & { latitude: number; longitude: number };
    return countMatches(
      (await ctx.services.catalogue.current()).index,
      normalizePreferences(raw, { origin: { lat: latitude, lon: longitude } }),
    );
  };

  it('answers each preference update with the live count for exactly those preferences', async () => {
    const c = connect(`${base}?token=${token}`);
    expect(await c.nth(1)).toEqual({ type: 'connection_established' });
    const broad = eggPrefs();
    const narrow = eggPrefs({ preferred_races: ['asian'], preferred_eye_colors: ['brown'] });
    c.send({ type: 'update_preferences', preferences: broad });
    c.send({ type: 'update_preferences', preferences: narrow });
    c.send({
      type: 'update_preferences',
      preferences: { donor_type_preference: 'surrogate', health_insurance_required: 'yes' },
    });
    const [first, second, third] = [await c.nth(2), await c.nth(3), await c.nth(4)];
    expect(first).toEqual({
      type: 'matching_results',
      data: { total_matches: await expected(broad), donor_type: 'egg' },
    });
    expect(second).toEqual({
      type: 'matching_results',
      data: { total_matches: await expected(narrow), donor_type: 'egg' },
    });
    expect(first.data!.total_matches).toBeGreaterThan(second.data!.total_matches);
    expect(second.data!.total_matches).toBeGreaterThan(0);
    expect(third.data).toMatchObject({ donor_type: 'surrogate' });
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.ws.close(1000);
    expect((await c.closed).code).toBe(1000);
  });

  it('closes with 4401 for a missing, junk or expired token', async () => {
    const parent = await newParent(ctx.app);
    const tamperedSignature = `${parent.access.slice(0, -4)}AAAA`;
    for (const url of [base, `${base}?token=`, `${base}?token=junk`, `${base}?token=${tamperedSignature}`]) {
      const c = connect(url);
      const { code } = await c.closed;
      expect(code, url).toBe(REALTIME_CLOSE.badToken);
      expect(c.messages).toEqual([{ type: 'error', message: 'Authentication failed. Please sign in again.' }]);
    }
    const now = ctx.clock.now();
    ctx.clock.advance((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    try {
      const c = connect(`${base}?token=${parent.access}`);
      expect((await c.closed).code).toBe(REALTIME_CLOSE.badToken);
    } finally {
      ctx.clock.set(now);
    }
  });

  it('closes with 4401 when the token expires during the connection', async () => {
    const parent = await newParent(ctx.app);
    const c = connect(`${base}?token=${parent.access}`);
    await c.nth(1);
    const now = ctx.clock.now();
    ctx.clock.advance((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    try {
      c.send({ type: 'update_preferences', preferences: eggPrefs() });
      expect((await c.closed).code).toBe(REALTIME_CLOSE.badToken);
      expect(c.messages.at(-1)).toEqual({ type: 'error', message: 'Your session has expired. Please sign in again.' });
    } finally {
      ctx.clock.set(now);
    }
  });

  it('closes with 4401 at the next message once the password has been changed elsewhere', async () => {
    const parent = await newParent(ctx.app);
    const c = connect(`${base}?token=${parent.access}`);
    await c.nth(1);
    c.send({ type: 'update_preferences', preferences: eggPrefs() });
    expect((await c.nth(2)).type).toBe('matching_results');
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password/',
      headers: { authorization: `Bearer ${parent.access}` },
      payload: {
        old_password: parent.password,
        new_password: 'An0ther-Passphrase!',
        confirm_new_password: 'An0ther-Passphrase!',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    c.send({ type: 'update_preferences', preferences: eggPrefs() });
    expect((await c.closed).code).toBe(REALTIME_CLOSE.badToken);
    expect(c.messages.at(-1)).toEqual({ type: 'error', message: 'Your session has ended. Please sign in again.' });
  });

  it(`lets one user hold ${REALTIME_LIMITS.socketsPerUser} sockets; one more gets 4429 until one closes`, async () => {
    const parent = await newParent(ctx.app);
    const url = `${base}?token=${parent.access}`;
    const held = Array.from({ length: REALTIME_LIMITS.socketsPerUser }, () => connect(url));
    for (const c of held) expect(await c.nth(1)).toEqual({ type: 'connection_established' });
    const extra = connect(url);
    expect(await extra.closed).toEqual({ code: REALTIME_CLOSE.tooManyMessages, reason: 'too many connections' });
    expect(extra.messages).toEqual([
      { type: 'error', message: 'Too many open connections. Please close another Kindred tab and try again.' },
    ]);
    // Another user is not affected.
    const other = connect(`${base}?token=${(await newParent(ctx.app)).access}`);
    expect(await other.nth(1)).toEqual({ type: 'connection_established' });
    held[0]!.ws.close(1000);
    await held[0]!.closed;
    const again = connect(url);
    expect(await again.nth(1)).toEqual({ type: 'connection_established' });
    for (const c of [...held.slice(1), other, again]) c.ws.close(1000);
  });

  it('answers a malformed or invalid message with an error and closes with 4400', async () => {
    const bad: unknown[] = [
      '{not json',
      { type: 'subscribe' },
      { type: 'update_preferences' },
      { type: 'update_preferences', preferences: 'egg' },
      { type: 'update_preferences', preferences: { preferred_races: { white: true } } },
      { type: 'update_preferences', preferences: { donor_type_preference: 'egg', latitude: 123 } },
    ];
    for (const message of bad) {
      const c = connect(`${base}?token=${token}`);
      await c.nth(1);
      c.send(message);
      const { code } = await c.closed;
      expect(code, JSON.stringify(message)).toBe(REALTIME_CLOSE.badMessage);
      expect(c.messages[1]).toMatchObject({
        type: 'error',
        message: expect.stringMatching(/^(Message is not valid JSON\.|Invalid message\. )/),
      });
    }
    const binary = connect(`${base}?token=${token}`);
    await binary.nth(1);
    binary.ws.send(Buffer.from([1, 2, 3]));
    expect((await binary.closed).code).toBe(REALTIME_CLOSE.badMessage);
  });

  it('closes with 1009 on a message over the size limit', async () => {
    const c = connect(`${base}?token=${token}`);
    await c.nth(1);
    c.send({
      type: 'update_preferences',
      preferences: { current_country: 'x'.repeat(REALTIME_LIMITS.maxMessageBytes) },
    });
    expect((await c.closed).code).toBe(REALTIME_CLOSE.messageTooBig);
  });

  it('closes with 4429 when a client floods the socket', async () => {
    const c = connect(`${base}?token=${token}`);
    await c.nth(1);
    for (let i = 0; i < REALTIME_LIMITS.messagesPerWindow + 5; i++)
      c.send({ type: 'update_preferences', preferences: eggPrefs() });
    expect((await c.closed).code).toBe(REALTIME_CLOSE.tooManyMessages);
    const results = c.messages.filter((m) => m.type === 'matching_results');
    expect(results.length).toBeLessThanOrEqual(REALTIME_LIMITS.messagesPerWindow);
    expect(c.messages.at(-1)).toEqual({ type: 'error', message: 'Too many messages. Please slow down and reconnect.' });
  });

  it('is not an HTTP endpoint', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/ws/realtime-matching/?token=${token}` });
    expect(res.statusCode).toBe(404);
  });
});

/** The realtime service with a fixed count, no events and this instance's own socket cap. */
const stubRealtime = () => ({
  liveCount: async () => ({ total_matches: 0, donor_type: null }),
  sockets: createOpenSockets({ subscribe: () => () => undefined, onReconnect: () => () => undefined }),
  slots: createSocketSlots({ limit: REALTIME_LIMITS.socketsPerUser, ttlMs: 60_000, log: console }),
});

describe('realtime keepalive', () => {
  it('pings every interval and drops a peer that stops answering; a live peer stays connected', async () => {
    const app = Fastify();
    await app.register(websocket);
    const guard = {
      verifyAccessToken: async (t: string) =>
        t === 'ok' ? { id: 'u', role: 'parent' as const, expiresAt: new Date(Date.now() + 60_000) } : null,
    } as unknown as AuthGuard;
    await app.register(realtimeRoutes, {
      guard,
      limits: createRateLimits(undefined),
      clock: systemClock,
      pingIntervalMs: 250,
      realtime: stubRealtime(),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/realtime-matching/?token=ok`;
      const live = connect(url);
      const silent = connect(url, { autoPong: false });
      let pings = 0;
      silent.ws.on('ping', () => (pings += 1));
      await Promise.all([live.nth(1), silent.nth(1)]);
      const { code } = await silent.closed;
      expect(code).toBe(1006);
      expect(pings).toBeGreaterThanOrEqual(1);
      expect(live.ws.readyState).toBe(WebSocket.OPEN);
      live.ws.close(1000);
      await live.closed;
    } finally {
      await app.close();
    }
  });

  it('closes an idle socket with 4401 at the first ping after its token has expired', async () => {
    const app = Fastify();
    await app.register(websocket);
    const guard = {
      verifyAccessToken: async () => ({ id: 'u', role: 'parent' as const, expiresAt: new Date(Date.now() + 400) }),
    } as unknown as AuthGuard;
    await app.register(realtimeRoutes, {
      guard,
      limits: createRateLimits(undefined),
      clock: systemClock,
      pingIntervalMs: 250,
      realtime: stubRealtime(),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const idle = connect(
        `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/realtime-matching/?token=t`,
      );
      expect(await idle.nth(1)).toEqual({ type: 'connection_established' });
      // No message is ever sent: only the keepalive can notice the expiry.
      expect((await idle.closed).code).toBe(REALTIME_CLOSE.badToken);
      expect(idle.messages.at(-1)).toEqual({
        type: 'error',
        message: 'Your session has expired. Please sign in again.',
      });
    } finally {
      await app.close();
    }
  });
});
