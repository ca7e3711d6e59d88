import type { Db } from '../../db/db.ts';
import { DAY_MS, type Clock } from '../../lib/clock.ts';
import { purgeRecords, type PurgeCounts } from './rights.repository.ts';

/**
 * How long each kind of record is kept (README, "Data retention"; the privacy policy says the same). Each period
 * counts from the moment its comment names.
 */
export const RETENTION = {
  /** Reset sessions (a code's hash, attempts): 2 days after they expire, for the per-account code budgets. */
  passwordResetsDays: 2,
  /**
   * Copies of delivered or failed mail: 30 days after sending (or failing), for support and bounce questions. Mail
   * held for an address that was never verified: 30 days after it was written.
   */
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

export type { PurgeCounts };

/** Deletes what has outlived its period (RETENTION), by the injected clock. Safe to run twice or concurrently. */
export function createRetentionService(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  return {
    async purge(): Promise<PurgeCounts> {
      const now = deps.clock.now();
      const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
      return purgeRecords(db, {
        passwordResets: ago(RETENTION.passwordResetsDays),
        mailCopies: ago(RETENTION.mailCopiesDays),
        contactIps: ago(RETENTION.contactIpDays),
        contactMessages: ago(RETENTION.contactMessagesDays),
        viewRecords: ago(RETENTION.viewRecordsDays),
        exportFiles: now,
        exportRows: ago(RETENTION.exportRowsDays),
      });
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
