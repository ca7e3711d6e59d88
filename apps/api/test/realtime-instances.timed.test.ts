import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE, REALTIME_LIMITS } from '@kindred/shared/realtime.schemas';
import {
  bearer,
  buildExtraInstance,
  createTestContext,
  newParent,
  type TestContext,
  type TestInstance,
} from './harness.ts';
import { wideRates } from './payments-helpers.ts';
import { connect } from './ws-client.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ENDED = { type: 'error', message: 'Your session has ended. Please sign in again.' };

/**
 * Two instances on one database and one Redis, each listening on a real port, with real `ws` clients: a sign-in
 * that ends on one instance closes its sockets on the other, and the per-user socket cap counts both.
 */
describe('realtime across two instances', () => {
  let ctx: TestContext;
  let redis: Redis;
  let b: TestInstance;
  let urlA: string;
  let urlB: string;
  const prefix = `catalogue:${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: true });
    await redis.connect();
    const shared = { rateRules: wideRates(), redis, redisPrefix: prefix };
    ctx = await createTestContext(shared);
    b = await buildExtraInstance(ctx, shared);
    const wsUrl = (port: number) => `ws://127.0.0.1:${port}/ws/realtime-matching/?token=`;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    urlA = wsUrl((ctx.app.server.address() as AddressInfo).port);
    urlB = wsUrl((b.app.server.address() as AddressInfo).port);
  });
  afterAll(async () => {
    await b?.app.close();
    await ctx?.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const open = async (url: string) => {
    const socket = connect(url);
    expect(await socket.nth(1)).toEqual({ type: 'connection_established' });
    return socket;
  };
  const signIn = async (email: string, password: string) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { email, password } })).json()
      .tokens as { access: string; refresh: string };

  it("a password change on A closes the user's socket on B within 1 s", async () => {
    const parent = await newParent(ctx.app);
    const onB = await open(urlB + parent.access);
    const started = performance.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password/',
      headers: bearer(parent.access),
      payload: {
        old_password: parent.password,
        new_password: 'Another-tulip-77',
        confirm_new_password: 'Another-tulip-77',
      },
    });
    expect(res.statusCode).toBe(200);
    const closed = await onB.closed;
    expect(performance.now() - started).toBeLessThan(1000);
    expect(closed.code).toBe(REALTIME_CLOSE.badToken);
    expect(onB.messages.at(-1)).toEqual(ENDED);
  });

  it('a logout on A closes the sockets of that sign-in on B within 1 s, and no other sign-in', async () => {
    const parent = await newParent(ctx.app);
    const other = await signIn(parent.email, parent.password);
    const ending = await open(urlB + parent.access);
    const staying = await open(urlB + other.access);
    const started = performance.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      payload: { refresh: parent.refresh },
    });
    expect(res.statusCode).toBe(200);
    expect((await ending.closed).code).toBe(REALTIME_CLOSE.badToken);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(ending.messages.at(-1)).toEqual(ENDED);
    await new Promise((r) => setTimeout(r, 300));
    expect(staying.ws.readyState).toBe(staying.ws.OPEN);
    staying.ws.close(1000);
    await staying.closed;
  });

  it('counts the 5-socket cap across A and B: the 6th is refused, and a closed one frees a place', async () => {
    const { access } = await newParent(ctx.app);
    const held = [];
    for (let i = 0; i < REALTIME_LIMITS.socketsPerUser; i++) held.push(await open((i % 2 ? urlB : urlA) + access));
    const sixth = connect(urlB + access);
    expect(await sixth.closed).toEqual({ code: REALTIME_CLOSE.tooManyMessages, reason: 'too many connections' });
    expect(sixth.messages).toEqual([
      { type: 'error', message: 'Too many open connections. Please close another Kindred tab and try again.' },
    ]);
    held[0]!.ws.close(1000);
    await held[0]!.closed;
    // The place is given back in Redis just after the close reaches A.
    await new Promise((r) => setTimeout(r, 100));
    held[0] = await open(urlB + access);
    for (const s of held) s.ws.close(1000);
    await Promise.all(held.map((s) => s.closed));
  });
});
