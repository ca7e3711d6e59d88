import type { InstanceJob } from './job.ts';

/**
 * Donors' ages change with the date: once the day has turned, the index is rebuilt for the new day before a
 * request has to wait for it. Every instance holds its own index, so every instance runs this (a no-op until the
 * date changes; checked every 10 minutes so the rebuild lands within minutes of midnight UTC).
 */
export const catalogueAgesJob: InstanceJob = {
  scope: 'instance',
  name: 'catalogue-ages',
  everyMs: 600_000,
  runAtStart: false,
  failure: 'catalogue age refresh failed',
  async run(services) {
    await services.catalogue.current();
  },
};
