import type { Queryable } from '../../db/db.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';

/** What the ledger tells parents: one message, to each parent given, in the caller's transaction. */
export type LedgerNotice = {
  kind: 'family_limit' | 'ledger_update';
  title: string;
  body: string;
  link: string;
  dedupeKey: string;
};

/**
 * The one place the ledger tells parents something (issue 28): a notification per parent through the notifications
 * core (ADR 025), written in the caller's transaction, e-mailed per the parent's preferences. The texts name no
 * condition and no family. Returns the parents told.
 */
export type TellParents = (tx: Queryable, userIds: readonly string[], notice: LedgerNotice) => Promise<string[]>;

export const tellParentsVia =
  (notifications: Pick<NotificationsService, 'notify'>): TellParents =>
  async (tx, userIds, notice) => {
    for (const userId of userIds) await notifications.notify(tx, { userId, ...notice });
    return [...userIds];
  };
