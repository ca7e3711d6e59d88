import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE } from '@kindred/shared/realtime.schemas';
import { SERVER_MSG } from '@kindred/shared';
import type { App } from '../src/app.ts';
import {
  bearer,
  buildExtraInstance,
  createTestContext,
  generousRates,
  login,
  newParent,
  type TestContext,
  type TestInstance,
} from './harness.ts';
import { connect } from './ws-client.ts';

const COOKIE = 'kindred_refresh';
const ENDED = { type: 'error', message: 'Your session has ended. Please sign in again.' };
const REFUSED = { type: 'error', message: 'Authentication failed. Please sign in again.' };

/**
 * A logout ends its sign-in everywhere at once: two instances on one database (as in production behind a load
 * balancer), each with its own guard and its own cache of verified tokens. The access token of the sign-in that
 * ended is refused on both from the logout's answer on, on every kind of signed-in route (the plain credential
 * read, GET profile's and find-matches' own reads) and for new sockets; its open socket on the other instance
 * closes; another sign-in of the same user is untouched.
 */
describe('logout ends the sign-in on every instance at once', () => {
  let ctx: TestContext;
  let b: TestInstance;
  let wsA: string;
  let wsB: string;

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates() });
    b = await buildExtraInstance(ctx, { rateRules: generousRates() });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const wsUrl = (app: App) =>
      `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/realtime-matching/?token=`;
    wsA = wsUrl(ctx.app);
    wsB = wsUrl(b.app);
  });
  afterAll(async () => {
    await b?.app.close();
    await ctx?.close();
  });

  const profile = (app: App, access: string) =>
    app.inject({ method: 'GET', url: '/api/v1/auth/profile/', headers: bearer(access) });
  /** Three guards: the plain credential read, and the two routes that read the user with their own query. */
  const signedInCalls = (app: App, access: string) =>
    Promise.all([
      profile(app, access),
      app.inject({ method: 'GET', url: '/api/v1/fertility-profile/list/', headers: bearer(access) }),
      app.inject({
        method: 'POST',
        url: '/api/v1/donors/find-matches/',
        headers: bearer(access),
        payload: { profile_id: '00000000-0000-4000-8000-000000000000' },
      }),
    ]);
  const expectRefused = async (app: App, access: string) => {
    for (const res of await signedInCalls(app, access)) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({
        code: 'not_authenticated',
        detail: SERVER_MSG.tokenInvalid,
        message: SERVER_MSG.tokenInvalid,
      });
    }
  };
  const expectAccepted = async (app: App, access: string) => {
    const [me, list, matches] = await signedInCalls(app, access);
    expect(me!.statusCode).toBe(200);
    expect(list!.statusCode).toBe(200);
    expect(matches!.statusCode).toBe(404); // signed in; there is simply no such preference set of theirs
  };
  const open = async (url: string) => {
    const socket = connect(url);
    expect(await socket.nth(1)).toEqual({ type: 'connection_established' });
    return socket;
  };

  it('the access token is refused on A and B at once, its socket closes, another sign-in keeps working', async () => {
    const parent = await newParent(ctx.app);
    const other = (await login(ctx.app, parent.email, parent.password)).json().tokens as { access: string };
    // Both instances have checked (and cached) the token before the logout.
    await expectAccepted(ctx.app, parent.access);
    await expectAccepted(b.app, parent.access);
    const ending = await open(wsB + parent.access);
    const staying = await open(wsA + other.access);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      payload: { refresh: parent.refresh },
    });
    expect(res.statusCode).toBe(200);
    const started = performance.now();
    await expectRefused(ctx.app, parent.access);
    await expectRefused(b.app, parent.access);

    expect((await ending.closed).code).toBe(REALTIME_CLOSE.badToken);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(ending.messages.at(-1)).toEqual(ENDED);
    for (const url of [wsA, wsB]) {
      const again = connect(url + parent.access);
      expect((await again.closed).code).toBe(REALTIME_CLOSE.badToken);
      expect(again.messages).toEqual([REFUSED]);
    }

    await expectAccepted(ctx.app, other.access);
    await expectAccepted(b.app, other.access);
    await new Promise((r) => setTimeout(r, 300));
    expect(staying.ws.readyState).toBe(staying.ws.OPEN);
    expect(staying.messages).toEqual([{ type: 'connection_established' }]);
    staying.ws.close(1000);
    await staying.closed;
  });

  it("the web app's logout (refresh cookie, bearer token, empty body) refuses the access token at once", async () => {
    const parent = await newParent(ctx.app);
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      headers: bearer(parent.access),
      cookies: { [COOKIE]: parent.refresh },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    await expectRefused(ctx.app, parent.access);
    await expectRefused(b.app, parent.access);
  });

  it('an API client signing out with its bearer token alone ends that sign-in, refresh token included', async () => {
    const parent = await newParent(ctx.app);
    const other = (await login(ctx.app, parent.email, parent.password)).json().tokens as { access: string };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout/', headers: bearer(parent.access) });
    expect(res.statusCode).toBe(200);
    await expectRefused(ctx.app, parent.access);
    await expectRefused(b.app, parent.access);
    const refreshed = await b.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/refresh/',
      payload: { refresh: parent.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    await expectAccepted(b.app, other.access);
  });

  it('a reused (stolen) refresh token ends the access tokens of its sign-in too', async () => {
    const parent = await newParent(ctx.app);
    const refresh = (token: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: token } });
    const rotated = (await refresh(parent.refresh)).json() as { access: string };
    await expectAccepted(b.app, rotated.access);
    ctx.clock.advance(11_000); // past the grace in which two tabs may present the same token
    expect((await refresh(parent.refresh)).statusCode).toBe(401);
    await expectRefused(ctx.app, rotated.access);
    await expectRefused(b.app, parent.access);
  });
});
