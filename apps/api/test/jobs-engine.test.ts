import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildExtraInstance,
  createTestContext,
  newParent,
  verifiedParent,
  bearer,
  type TestContext,
  type TestInstance,
} from './harness.ts';
import { buyWithTestCheckout, makeAdmin, paymentRows, planIds, receiptsTo, wideRates } from './payments-helpers.ts';
import { z } from 'zod';
import { queueJob, type ClusterJob, type Job } from '../src/jobs/job.ts';
import { subscriptionRenewalsJob } from '../src/jobs/subscription-renewals.job.ts';

/**
 * The job engine (pg-boss) with two instances on one database and one manual clock, as two servers behind a load
 * balancer would run: a run is executed once across both, a failing run is retried with growing delays and then
 * dead-lettered, and an administrator sees that at /api/v1/admin/jobs/. Runs on PGlite and on PostgreSQL.
 */
describe('background jobs on the queue, two instances', () => {
  let ctx: TestContext;
  let b: TestInstance;
  const runs: { instance: string; at: number }[] = [];
  const flakyRuns: number[] = [];

  /** Counts its runs per instance: the proof that a run happens on one instance only. */
  const counted = (instance: string): ClusterJob => ({
    scope: 'cluster',
    name: 'test-counted',
    runAtStart: false,
    retry: { limit: 0, delaySeconds: 1, maxDelaySeconds: 1 },
    timeoutSeconds: 30,
    failure: 'counted failed',
    async run() {
      runs.push({ instance, at: Date.now() });
      await new Promise((r) => setTimeout(r, 300));
    },
  });
  /** Always fails, naming an address (which must not reach the admin page). */
  const flaky: ClusterJob = {
    scope: 'cluster',
    name: 'test-flaky',
    runAtStart: false,
    retry: { limit: 2, delaySeconds: 1, maxDelaySeconds: 8 },
    timeoutSeconds: 30,
    failure: 'flaky failed',
    async run() {
      flakyRuns.push(Date.now());
      throw new Error('relay refused <someone@example.com>');
    },
  };
  /** A queue with a payload contract; only instance a runs this code (b stands for an instance on older code). */
  const typedRuns: { n: number }[] = [];
  const typed = queueJob({
    scope: 'cluster',
    name: 'test-typed',
    runAtStart: false,
    retry: { limit: 3, delaySeconds: 1, maxDelaySeconds: 1 },
    timeoutSeconds: 30,
    failure: 'typed failed',
    payload: z.object({ n: z.number().int() }),
    async run(_s, _l, data) {
      typedRuns.push(data);
    },
  });
  const jobsFor = (instance: string): Job[] => [
    { ...subscriptionRenewalsJob, runAtStart: false },
    counted(instance),
    flaky,
    ...(instance === 'a' ? [typed] : []),
  ];

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    b = await buildExtraInstance(ctx, { rateRules: wideRates() });
    await ctx.services.jobs.start(ctx.services, jobsFor('a'));
    await b.services.jobs.start(b.services, jobsFor('b'));
  });
  afterAll(async () => {
    await b?.app.close();
    await ctx?.close();
  });

  async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('a run sent by both instances at once is executed once, on one of them', async () => {
    await Promise.all([ctx.services.jobs.trigger('test-counted'), b.services.jobs.trigger('test-counted')]);
    await until(() => runs.length >= 1);
    await new Promise((r) => setTimeout(r, 2_000)); // both instances poll several times meanwhile
    expect(runs).toHaveLength(1);
  });

  it('each due renewal is executed once: one payment and one receipt per subscription', async () => {
    const plans = await planIds(ctx.db);
    const parents: Awaited<ReturnType<typeof newParent>>[] = [];
    for (let i = 0; i < 3; i += 1) {
      // Receipts go only to a verified address (issue 13): unverified, they would be held.
      const p = await verifiedParent(ctx);
      await buyWithTestCheckout(ctx.app, p.access, plans.premium);
      parents.push(p);
    }
    await ctx.services.mail.flush();
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 32 * 86_400_000));
    // Both instances' schedules fire in the same minute.
    await Promise.all([
      ctx.services.jobs.trigger('subscription-renewals'),
      b.services.jobs.trigger('subscription-renewals'),
    ]);
    await until(async () => {
      for (const p of parents) if ((await paymentRows(ctx.db, p.id)).length < 2) return false;
      return true;
    });
    await Promise.all([
      ctx.services.jobs.trigger('subscription-renewals'),
      b.services.jobs.trigger('subscription-renewals'),
    ]);
    await new Promise((r) => setTimeout(r, 2_000));
    await b.services.mail.flush();
    for (const p of parents) {
      expect((await paymentRows(ctx.db, p.id)).map((r) => r.kind)).toEqual(['initial', 'renewal']);
      expect(await receiptsTo(ctx, p.email)).toHaveLength(2);
    }
  });

  it('a failing run is retried with growing delays, then dead-lettered and shown to administrators', async () => {
    await ctx.services.jobs.trigger('test-flaky');
    await until(() => flakyRuns.length >= 3);
    const admin = await makeAdmin(ctx, await newParent(ctx.app));
    let overview: {
      queues: { name: string; queued: number; failed: number; dead: number }[];
      last_errors: { queue: string; message: string }[];
    } = { queues: [], last_errors: [] };
    await until(async () => {
      const res = await b.app.inject({ method: 'GET', url: '/api/v1/admin/jobs', headers: bearer(admin) });
      expect(res.statusCode, res.body).toBe(200);
      overview = res.json();
      return overview.queues.find((q) => q.name === 'test-flaky')?.dead === 1;
    });
    // Initial run plus two retries, then nothing more; each wait longer than the first delay.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(flakyRuns).toHaveLength(3);
    expect(flakyRuns[1]! - flakyRuns[0]!).toBeGreaterThanOrEqual(900);
    expect(flakyRuns[2]! - flakyRuns[1]!).toBeGreaterThanOrEqual(900);
    expect(overview.queues.find((q) => q.name === 'test-flaky')).toMatchObject({ queued: 0, failed: 1, dead: 1 });
    const error = overview.last_errors.find((e) => e.queue === 'test-flaky');
    expect(error?.message).toBe('relay refused <[address]>');
    expect(JSON.stringify(overview)).not.toContain('someone@example.com');

    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('kindred_job_queue_jobs{queue="test-flaky",state="dead"} 1');
    expect(metrics.body).toContain('kindred_job_queue_jobs{queue="test-flaky",state="failed"} 1');

    const parent = await newParent(ctx.app);
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/jobs/', headers: bearer(parent.access) });
    expect(refused.statusCode).toBe(403);
  });

  it('payloads are checked against their queue: refused on send, and dead-lettered with the reason when a run starts', async () => {
    await expect(ctx.services.jobs.send('test-typed', { n: 'seven' })).rejects.toThrow(/test-typed: n: /);
    expect(await ctx.services.jobs.send('test-typed', { n: 7 })).toBe(true);
    await until(() => typedRuns.length === 1);
    expect(typedRuns).toEqual([{ n: 7 }]);
    // The queue's 'exclusive' policy takes one live job at a time: the first must be marked done (a moment after
    // its run returned; longer on a busy machine, where a CI run sent the next one too soon and was refused).
    await until(async () => {
      const q = (await ctx.services.jobs.stats()).queues.find((c) => c.name === 'test-typed');
      return q !== undefined && q.queued === 0 && q.active === 0;
    });

    // An instance that does not know the contract (older code) sends a payload the runner cannot use.
    expect(await b.services.jobs.send('test-typed', { n: 'seven', note: 'for someone@example.com' })).toBe(true);
    const admin = await makeAdmin(ctx, await newParent(ctx.app));
    let overview: { queues: { name: string; dead: number }[]; last_errors: { queue: string; message: string }[] } = {
      queues: [],
      last_errors: [],
    };
    await until(async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/jobs/', headers: bearer(admin) });
      overview = res.json();
      return overview.queues.find((q) => q.name === 'test-typed')?.dead === 1;
    });
    // Dead-lettered at once: no retry ran it (its queue allows 3), and the reason names the field, not the value.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(typedRuns).toHaveLength(1);
    const error = overview.last_errors.find((e) => e.queue === 'test-typed');
    expect(error?.message).toMatch(/^malformed payload: n: /);
    expect(JSON.stringify(overview)).not.toContain('seven');
    expect(JSON.stringify(overview)).not.toContain('someone@example.com');
  });
});
