import type { ClusterJob } from './job.ts';

/**
 * Appointment reminders 24 h and 2 h before the visit (ADR 021), and requests never confirmed closed once their
 * confirmation deadline has passed. Every minute, once across all instances; a second run at the same time sends
 * nothing twice (the appointment_reminders key; the row lock and status check).
 */
export const appointmentRemindersJob: ClusterJob = {
  scope: 'cluster',
  name: 'appointment-reminders',
  cron: '* * * * *',
  runAtStart: true,
  retry: { limit: 3, delaySeconds: 10, maxDelaySeconds: 60 },
  timeoutSeconds: 300,
  failure: 'appointment reminders failed',
  async run(services, log) {
    // Closed first, so that a request past its confirmation deadline gets no reminder in the same run.
    const closed = await services.reminders.closeUnconfirmed();
    if (closed) log.info({ closed }, 'unconfirmed appointment requests closed at their confirmation deadline');
    const sent = await services.reminders.runDue();
    if (sent) log.info({ sent }, 'appointment reminders sent');
  },
};
