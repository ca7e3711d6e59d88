import type { JobEngine } from '../../jobs/engine.ts';
import type { MailService } from '../mail/mail.service.ts';

/**
 * What an operator needs to see of background work: each queue's waiting, running, failed and dead-lettered
 * runs, the last failures' messages, and the mail outbox's unsent messages. No job payload and no address.
 */
export function createJobsAdminService(deps: { jobs: JobEngine; mail: MailService }) {
  return {
    async overview() {
      const [stats, mail] = await Promise.all([deps.jobs.stats(), deps.mail.counts()]);
      const count = (status: string) => mail.find((m) => m.status === status)?.n ?? 0;
      return {
        running: deps.jobs.started,
        queues: stats.queues,
        last_errors: stats.lastErrors,
        mail: { pending: count('pending'), sending: count('sending'), failed: count('failed') },
      };
    },
  };
}
export type JobsAdminService = ReturnType<typeof createJobsAdminService>;
