import type { ClusterJob } from './job.ts';

/**
 * Deletes uploads nothing has used for a day. Hourly, once across all instances: the check scans article bodies,
 * and a day's grace needs no more. Deleting an unused image twice deletes nothing the second time.
 */
export const unusedImagesJob: ClusterJob = {
  scope: 'cluster',
  name: 'unused-images',
  cron: '17 * * * *',
  runAtStart: true,
  retry: { limit: 3, delaySeconds: 60, maxDelaySeconds: 600 },
  timeoutSeconds: 900,
  failure: 'removing unused images failed',
  async run(services, log) {
    const n = await services.media.removeUnused();
    if (n > 0) log.info({ deleted: n }, 'unused uploaded images deleted');
  },
};
