import type { InstanceJob } from './job.ts';

/**
 * Another instance (or an import) may change donors: this instance picks the change up within seconds. Each
 * instance polls for its own in-memory index, so this is not a shared queue job; it stays as the fallback for
 * change notifications.
 */
export const catalogueRefreshJob: InstanceJob = {
  scope: 'instance',
  name: 'catalogue-refresh',
  everyMs: 5_000,
  runAtStart: false,
  failure: 'catalogue refresh failed',
  async run(services) {
    await services.catalogue.refreshIfChanged();
  },
};
