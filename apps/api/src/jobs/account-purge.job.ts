import type { ClusterJob } from './job.ts';

/**
 * Purges accounts whose 7-day cancellation window is over (ADR 020), then drops the purge receipts already
 * delivered. Hourly, once across all instances; a purge is one transaction on a locked pending deletion, so a
 * second run finds nothing to do.
 */
export const accountPurgeJob: ClusterJob = {
  scope: 'cluster',
  name: 'account-purge',
  cron: '41 * * * *',
  runAtStart: true,
  retry: { limit: 5, delaySeconds: 60, maxDelaySeconds: 1800 },
  timeoutSeconds: 900,
  failure: 'purging deleted accounts failed',
  async run(services, log) {
    const n = await services.deletion.purgeDue();
    if (n > 0) log.info({ purged: n }, 'deleted accounts purged');
  },
};
