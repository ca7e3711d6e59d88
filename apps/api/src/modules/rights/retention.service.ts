import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long each kind of record is kept (README, "Data retention"; the privacy policy says the same). Periods
 * count from the moment named in `from`.
 */
export const RETENTION = {
  /** Reset sessions (a code's hash, attempts): 2 days after they expire, for the per-account code budgets. */
  passwordResetsDays: 2,
  /** Copies of delivered or failed mail: 30 days after sending (or failing), for support and bounce questions. */
  mailCopiesDays: 30,
  /** The IP address of a contact-form message: 7 days, for abuse handling. */
  contactIpDays: 7,
  /** Contact-form messages themselves: 90 days (the support inbox has its own copy). */
  contactMessagesDays: 90,
  /** Article view records (which session viewed which article): 30 days. */
  viewRecordsDays: 30,
  /** Expired data exports: content at once; the row (dates only) 30 days after the request. */
  exportRowsDays: 30,
} as const;

export type PurgeCounts = Record<
  'passwordResets' | 'mailCopies' | 'contactIps' | 'contactMessages' | 'viewRecords' | 'exportFiles' | 'exportRows',
  number
>;

/** Deletes what has outlived its period (RETENTION), by the injected clock. Safe to run twice or concurrently. */
export function createRetentionService(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  const count = async (sql: string, params: unknown[]) => (await db.query(`${sql} returning 1`, params)).length;
  return {
    async purge(): Promise<PurgeCounts> {
      const now = deps.clock.now();
      const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
      return {
        passwordResets: await count('delete from password_resets where expires_at < $1', [
          ago(RETENTION.passwordResetsDays),
        ]),
        mailCopies: await count(
          `delete from mail_messages where (status = 'sent' and sent_at < $1)
             or (status = 'failed' and coalesce(sent_at, created_at) < $1)`,
          [ago(RETENTION.mailCopiesDays)],
        ),
        contactIps: await count('update contact_messages set ip = null where ip is not null and created_at < $1', [
          ago(RETENTION.contactIpDays),
        ]),
        contactMessages: await count('delete from contact_messages where created_at < $1', [
          ago(RETENTION.contactMessagesDays),
        ]),
        viewRecords: await count('delete from blog_views where viewed_at < $1', [ago(RETENTION.viewRecordsDays)]),
        exportFiles: await count(
          `update data_exports set status = 'expired', json_body = null, html_body = null
           where status = 'ready' and expires_at <= $1`,
          [now],
        ),
        exportRows: await count("delete from data_exports where requested_at < $1 and status <> 'preparing'", [
          ago(RETENTION.exportRowsDays),
        ]),
      };
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
