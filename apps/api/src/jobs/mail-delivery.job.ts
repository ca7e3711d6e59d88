import { MAIL_DELIVERY_PAYLOAD, MAIL_DELIVERY_QUEUE } from '../modules/mail/mail.service.ts';
import { queueJob, type ClusterJob } from './job.ts';

/**
 * Delivers one outbox message ({id}); the queue's singleton key is the message key, so one live job per message.
 * A failed attempt (relay down, timeout) is retried with backoff: 5 s, 10 s, 20 s … at most 2 minutes apart, 20
 * times (about 35 minutes); the sweeper then queues it again until MAIL_MAX_ATTEMPTS, after which it is failed.
 */
export const mailDeliveryJob = queueJob({
  scope: 'cluster',
  name: MAIL_DELIVERY_QUEUE,
  runAtStart: false,
  retry: { limit: 20, delaySeconds: 5, maxDelaySeconds: 120 },
  timeoutSeconds: 300,
  failure: 'mail delivery failed',
  payload: MAIL_DELIVERY_PAYLOAD,
  async run(services, _log, data) {
    await services.mail.deliver(data.id);
  },
});

/** Re-queues messages whose delivery was lost (a process killed between the commit and the send). Every minute. */
export const mailSweepJob: ClusterJob = {
  scope: 'cluster',
  name: 'mail-sweep',
  cron: '* * * * *',
  runAtStart: true,
  retry: { limit: 1, delaySeconds: 30, maxDelaySeconds: 30 },
  timeoutSeconds: 120,
  failure: 'mail sweep failed',
  async run(services, log) {
    const n = await services.mail.sweep();
    if (n > 0) log.info({ requeued: n }, 'stranded mail queued for delivery');
  },
};
