import { DONOR_UPDATES_QUEUE } from '../modules/donor-updates/donor-updates.service.ts';
import type { ClusterJob } from './job.ts';

/**
 * Tells every family that cares about posted donor updates (ADR 025). Sent a run when an update is posted, and
 * every minute as the fallback; once across all instances, and a second run at the same time tells no family
 * twice (SKIP LOCKED claim, one notification per family and update).
 */
export const donorUpdatesFanoutJob: ClusterJob = {
  scope: 'cluster',
  name: DONOR_UPDATES_QUEUE,
  cron: '* * * * *',
  runAtStart: true,
  retry: { limit: 5, delaySeconds: 10, maxDelaySeconds: 120 },
  timeoutSeconds: 600,
  failure: 'donor update fan-out failed',
  async run(services, log) {
    const told = await services.donorUpdates.fanOut();
    if (told) log.info({ told }, 'families told of donor updates');
  },
};
