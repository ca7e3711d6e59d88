import type { Job } from './job.ts';

/**
 * Deletes uploads nothing has used for a day. Hourly: the check scans article bodies, and a day's grace needs no
 * more. Deleting an unused image twice deletes nothing the second time.
 */
export const unusedImagesJob: Job = {
  name: 'unused-images',
  everyMs: 3_600_000,
  runAtStart: true,
  failure: 'removing unused images failed',
  async run(services, log) {
    const n = await services.media.removeUnused();
    if (n > 0) log.info({ deleted: n }, 'unused uploaded images deleted');
  },
};
