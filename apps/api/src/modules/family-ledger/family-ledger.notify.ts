import type { Queryable } from '../../db/db.ts';

/** What the ledger tells parents: one message, to each parent given, in the caller's transaction. */
export type LedgerNotice = {
  kind: 'family_limit' | 'ledger_update';
  title: string;
  body: string;
  link: string;
  dedupeKey: string;
};

/**
 * The one place the ledger tells parents something (issue 28). The texts name no condition and no family.
 * TODO(notify): call services.notifications.notify(tx, {userId, ...notice}) for each parent once the
 * notifications core (h-notif) is merged; until then the parents told are only returned (and logged by callers'
 * tests), so wiring it in is this one function.
 */
export type TellParents = (tx: Queryable, userIds: readonly string[], notice: LedgerNotice) => Promise<string[]>;

export const tellParentsPending: TellParents = async (_tx, userIds) => [...userIds];
