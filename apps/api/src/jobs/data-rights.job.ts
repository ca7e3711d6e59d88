import { queueJob, type ClusterJob } from './job.ts';
import { DATA_EXPORT_PAYLOAD, DATA_EXPORT_QUEUE } from '../modules/rights/export.service.ts';

/** Prepares one requested data export (payload: the export's id); retried with backoff, then by the sweep below. */
export const dataExportJob = queueJob({
  scope: 'cluster',
  name: DATA_EXPORT_QUEUE,
  runAtStart: false,
  retry: { limit: 5, delaySeconds: 10, maxDelaySeconds: 300 },
  timeoutSeconds: 300,
  failure: 'preparing a data export failed',
  payload: DATA_EXPORT_PAYLOAD,
  async run(services, _log, data) {
    await services.dataExports.prepare(data.id);
  },
});

/**
 * Retention (README "Data retention"): deletes reset sessions, mail copies, contact messages (their IP addresses
 * sooner), view records and expired exports past their periods, and retries export preparations whose job was
 * lost. Hourly, once across all instances.
 */
export const dataRetentionJob: ClusterJob = {
  scope: 'cluster',
  name: 'data-retention',
  cron: '41 * * * *',
  runAtStart: true,
  retry: { limit: 3, delaySeconds: 60, maxDelaySeconds: 600 },
  timeoutSeconds: 900,
  failure: 'data retention purge failed',
  async run(services, log) {
    const purged = await services.retention.purge();
    const retried = await services.dataExports.retryStranded();
    if (retried || Object.values(purged).some((n) => n > 0)) log.info({ ...purged, retried }, 'retention purge');
  },
};
