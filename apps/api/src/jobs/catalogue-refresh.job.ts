import type { Job } from './job.ts';

/** Another instance (or an import) may change donors: this instance picks the change up within seconds. */
export const catalogueRefreshJob: Job = {
  name: 'catalogue-refresh',
  everyMs: 5_000,
  runAtStart: false,
  failure: 'catalogue refresh failed',
  async run(services) {
    await services.catalogue.refreshIfChanged();
  },
};
