import type { ClusterJob } from './job.ts';

/**
 * Saved-search alerts (issue 28, ADR 026): donors changed since the last run (imports, availability back, a family
 * slot opening) are matched against every active alert with the engine's bitsets, and each parent is told once per
 * donor per alert. Every minute, once across all instances (well within the 5 minutes an instant alert allows); a
 * second run at the same time waits on the job's cursor row and then has nothing left to do.
 */
export const alertMatchingJob: ClusterJob = {
  scope: 'cluster',
  name: 'alert-matching',
  cron: '* * * * *',
  runAtStart: true,
  retry: { limit: 3, delaySeconds: 10, maxDelaySeconds: 60 },
  timeoutSeconds: 300,
  failure: 'alert matching failed',
  async run(services, log) {
    const { donors, hits } = await services.alerts.matchChanges();
    if (donors > 0) log.info({ donors, hits }, 'saved-search alerts matched');
  },
};
