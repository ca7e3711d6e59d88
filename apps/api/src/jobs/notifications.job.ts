import type { ClusterJob } from './job.ts';

/**
 * The daily notification digest (ADR 025 and its addendum): at 07:00 in each user's own time zone, one mail per user
 * and kind for everything that waited for it. Every 15 minutes (every zone's 07:00 falls on a quarter hour), once
 * across all instances (pg-boss's cron); a run on two instances at once, or a late run, still sends each user at
 * most one digest per local day (the claim of the user's day, in the transaction that writes the mails).
 */
export const notificationDigestJob: ClusterJob = {
  scope: 'cluster',
  name: 'notification-digest',
  cron: '*/15 * * * *',
  runAtStart: false,
  retry: { limit: 3, delaySeconds: 60, maxDelaySeconds: 600 },
  timeoutSeconds: 900,
  failure: 'notification digest failed',
  async run(services, log) {
    const sent = await services.notifications.sendDigests();
    if (sent) log.info({ sent }, 'notification digests written');
  },
};

/** Safety notices still unread 48 h after they were sent go out once more (ADR 025). Every ten minutes. */
export const safetyResendJob: ClusterJob = {
  scope: 'cluster',
  name: 'safety-notice-resend',
  cron: '*/10 * * * *',
  runAtStart: true,
  retry: { limit: 3, delaySeconds: 30, maxDelaySeconds: 300 },
  timeoutSeconds: 300,
  failure: 're-sending unread safety notices failed',
  async run(services, log) {
    const resent = await services.notifications.resendUnreadSafety();
    if (resent) log.info({ resent }, 'unread safety notices re-sent');
  },
};
