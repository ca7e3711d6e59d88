import type { ClusterJob } from './job.ts';

/**
 * Waitlist offers whose 30 minutes are up pass to the next parent waiting for that day, or become public when
 * nobody is left (ADR 021). Every minute, once across all instances; a second run at the same time passes nothing
 * twice (each offer is passed on in a transaction on its locked hold, which must still be live and lapsed).
 */
export const waitlistOffersJob: ClusterJob = {
  scope: 'cluster',
  name: 'waitlist-offers',
  cron: '* * * * *',
  runAtStart: true,
  retry: { limit: 3, delaySeconds: 10, maxDelaySeconds: 60 },
  timeoutSeconds: 300,
  failure: 'waitlist offers failed',
  async run(services, log) {
    const passed = await services.waitlist.passOnLapsed();
    if (passed) log.info({ passed }, 'lapsed waitlist offers passed on');
  },
};
