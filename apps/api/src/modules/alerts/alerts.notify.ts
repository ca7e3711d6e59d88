import { WEB_PATHS } from '@kindred/shared/routes';
import type { Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import { findEntitledSubscription, toEntitlement } from '../subscriptions/entitlements.ts';

/** A donor that has just entered an alert's passing set, to be told to the alert's parent. */
export type AlertHit = {
  alertId: string;
  /** The donor's internal id (the dedupe key's, which names no donor a parent could look up). */
  donorId: string;
  alertName: string;
  userId: string;
  referenceId: string;
  profileId: string | null;
};

/** What one notification says: the input of notify() less its kind. */
export type AlertMessage = { userId: string; title: string; body: string; link: string; dedupeKey: string };

/** The matches page: the donor page needs the donor revealed first, which seeing it on that page does. */
const LINK = WEB_PATHS.donorMatches;

/**
 * The texts of an alert's notifications, by the parent's plan (issue 28's plan rules): a plan that shows every
 * match (no credits to spend) is told which donor; a Trial or Starter parent, or one without a plan, is told that
 * a new donor matches and what seeing it costs, and nothing about the donor. No text names a condition.
 */
export async function alertMessages(tx: Queryable, clock: Clock, hits: readonly AlertHit[]): Promise<AlertMessage[]> {
  const byUser = new Map<string, AlertHit[]>();
  for (const h of hits) byUser.set(h.userId, [...(byUser.get(h.userId) ?? []), h]);
  const out: AlertMessage[] = [];
  for (const [userId, own] of byUser) {
    const sub = await findEntitledSubscription(tx, userId, clock.now());
    const ent = sub ? toEntitlement(sub, clock.now()) : null;
    for (const hit of own) {
      const title = `A new donor matches “${hit.alertName}”`;
      const cost = !ent?.active
        ? 'Choose a plan to see who it is.'
        : ent.match_credits_remaining === null
          ? null
          : ent.match_credits_remaining > 0
            ? `Seeing who it is uses 1 match credit; you have ${ent.match_credits_remaining} left.`
            : 'You have used your match credits: upgrade your plan to see who it is.';
      const body =
        cost === null
          ? `Donor ${hit.referenceId} now matches your saved search “${hit.alertName}”.`
          : `A new donor now matches your saved search “${hit.alertName}”. ${cost}`;
      out.push({ userId, title, body, link: LINK, dedupeKey: `${hit.alertId}:${hit.donorId}` });
    }
  }
  return out;
}

/**
 * Tells the parents through the one notification path (ADR 025), in the caller's transaction: the hits are recorded
 * in it too, so a rollback tells nobody, and `dedupeKey` (alert and donor) makes a second telling a no-op.
 */
export async function tellParents(
  tx: Queryable,
  notifications: Notifier,
  messages: readonly AlertMessage[],
): Promise<void> {
  for (const m of messages) await notifications.notify(tx, { ...m, kind: 'alert_match' });
}
