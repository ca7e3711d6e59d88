import type { Job } from './job.ts';

/** Renews test-checkout subscriptions that are due, expires the rest, and retries stopping replaced billing. */
export const subscriptionRenewalsJob: Job = {
  name: 'subscription-renewals',
  everyMs: 60_000,
  runAtStart: true,
  failure: 'subscription jobs failed',
  async run(services, log) {
    const r = await services.checkout.runDueJobs();
    if (r.renewed || r.expired) log.info(r, 'subscription jobs');
  },
};
