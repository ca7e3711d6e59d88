import type { ClusterJob } from './job.ts';

/**
 * Renews test-checkout subscriptions that are due, expires the rest, and retries stopping replaced billing.
 * Every minute, once across all instances.
 */
export const subscriptionRenewalsJob: ClusterJob = {
  scope: 'cluster',
  name: 'subscription-renewals',
  cron: '* * * * *',
  runAtStart: true,
  retry: { limit: 3, delaySeconds: 10, maxDelaySeconds: 60 },
  timeoutSeconds: 300,
  failure: 'subscription jobs failed',
  async run(services, log) {
    const r = await services.checkout.runDueJobs();
    if (r.renewed || r.expired) log.info(r, 'subscription jobs');
  },
};
