import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorUpdatesFanoutJob } from '../src/jobs/donor-updates.job.ts';
import {
  bearer,
  buildExtraInstance,
  createTestContext,
  mailsTo,
  type TestContext,
  type TestInstance,
} from './harness.ts';
import { quickParents } from './appointments-helpers.ts';
import { seedCatalogue } from './matching-helpers.ts';
import { wideRates } from './payments-helpers.ts';
import { connect } from './ws-client.ts';

/**
 * Two instances on one database (ADR 025): the donor-update fan-out and the digest tell each family once however
 * the runs overlap, and a notification written on one instance updates the bell of a socket open on the other.
 */
describe('notifications across two instances', () => {
  let ctx: TestContext;
  let b: TestInstance;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    b = await buildExtraInstance(ctx, { rateRules: wideRates() });
    await seedCatalogue(ctx, 20);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.app.close();
    await ctx?.close();
  });

  const flush = async () => {
    await new Promise((r) => setTimeout(r, 100));
    await Promise.all([ctx.services.mail.flush(), b.services.mail.flush()]);
  };
  const donor = async (i: number) =>
    (await ctx.db.query<{ id: string; reference_id: string }>('select id, reference_id from donors order by 2'))[i]!;

  it('fan-out and digest run on both instances at once: every family told exactly once', async () => {
    const parents = await quickParents(ctx, 6);
    const [admin] = await quickParents(ctx, 1, 'admin');
    const d = await donor(0);
    for (const p of parents)
      await ctx.db.query('insert into favourites (user_id, donor_id, created_at) values ($1, $2, now())', [p.id, d.id]);
    // Half the families take donor updates in the digest (with the email_updates consent).
    for (const p of parents.slice(0, 3)) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/profile/consents/',
        headers: bearer(p.access),
        payload: { kind: 'email_updates', granted: true, source: 'profile' },
      });
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/notifications/preferences/',
        headers: bearer(p.access),
        payload: { preferences: [{ kind: 'donor_update', delivery: 'digest' }] },
      });
    }
    const post = (body: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/donors/${d.reference_id}/updates/`,
        headers: bearer(admin!.access),
        payload: body,
      });
    for (const body of [
      { kind: 'medical', category: 'new_diagnosis', text: 'A diagnosis.' },
      { kind: 'availability', text: 'Reserved until spring.' },
      { kind: 'medical', category: 'other', text: 'Other news.' },
    ])
      expect((await post(body)).statusCode).toBe(201);

    await Promise.all([
      ctx.services.donorUpdates.fanOut(),
      b.services.donorUpdates.fanOut(),
      ctx.services.donorUpdates.fanOut(),
      b.services.donorUpdates.fanOut(),
    ]);
    // The digest goes at 07:00 in each parent's time zone (none given here: UTC): the next one.
    const now = ctx.clock.now();
    const seven = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 7));
    ctx.clock.set(seven > now ? seven : new Date(seven.getTime() + 86_400_000));
    await Promise.all([ctx.services.notifications.sendDigests(), b.services.notifications.sendDigests()]);
    await flush();
    for (const p of parents) {
      const rows = await ctx.db.query<{ kind: string }>('select kind from notifications where user_id = $1', [p.id]);
      expect(rows.map((r) => r.kind).sort()).toEqual(['donor_update', 'safety_notice', 'safety_notice']);
      await ctx.smtp.waitFor(p.email, (m) => /Safety notice about donor/.test(m.raw));
      expect(mailsTo(ctx.smtp, p.email, (m) => /Subject: Safety notice about donor/.test(m.raw))).toHaveLength(2);
    }
    for (const p of parents.slice(0, 3))
      await ctx.smtp.waitFor(p.email, (m) => /Subject: Your Kindred digest: donor updates/.test(m.raw));
    for (const p of parents)
      expect(mailsTo(ctx.smtp, p.email, (m) => /Subject: Your Kindred digest: donor/.test(m.raw)).length).toBe(
        parents.slice(0, 3).includes(p) ? 1 : 0,
      );
  });

  it('a medical update posted on instance A reaches a bell open on instance B (latency measured)', async () => {
    const [p] = await quickParents(ctx, 1);
    const [admin] = await quickParents(ctx, 1, 'admin');
    const d = await donor(1);
    await ctx.db.query('insert into favourites (user_id, donor_id, created_at) values ($1, $2, now())', [p!.id, d.id]);
    // The job engine runs on both instances, as in production: the posted update queues a fan-out run at once.
    await ctx.services.jobs.start(ctx.services, [donorUpdatesFanoutJob]);
    await b.services.jobs.start(b.services, [donorUpdatesFanoutJob]);
    const port = (b.app.server.address() as AddressInfo).port;
    const socket = connect(`ws://127.0.0.1:${port}/ws/realtime-matching/?token=${p!.access}`);
    expect(await socket.nth(1)).toEqual({ type: 'connection_established' });

    const started = performance.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/donors/${d.reference_id}/updates/`,
      headers: bearer(admin!.access),
      payload: { kind: 'medical', category: 'new_diagnosis', text: 'Latency probe.' },
    });
    expect(res.statusCode).toBe(201);
    const pushed = await socket.nth(2, 20_000);
    const ms = Math.round(performance.now() - started);
    expect(pushed).toEqual({ type: 'notifications', data: { unread: 1 } });
    console.log(`[notification latency] update posted on A → unread count pushed on B: ${ms} ms`);
    expect(ms).toBeLessThan(5 * 60_000);
    socket.ws.close();
  });
});
