import { createHmac, timingSafeEqual } from 'node:crypto';
import { DateTime, IANAZone } from 'luxon';
import {
  DIGEST_LOCAL_HOUR,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MSG,
  SAFETY_KINDS,
  type EmailDelivery,
  type NotificationDto,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesRequest,
  type NotificationsPage,
  type NotificationsQuery,
} from '@kindred/shared/notifications.schemas';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { MailService, QueuedMail } from '../mail/mail.service.ts';
import { escapeHtml, layout, type MailTemplate } from '../mail/mail.templates.ts';
import * as repo from './notifications.repository.ts';

/** What a module hands to notify (the shared contract, /work/prompts/contract.md). */
export type NotifyInput = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Where the notification leads in the app: a path such as `/matches/ABC-123`. */
  link: string;
  /** The same (userId, kind, dedupeKey) is written once. */
  dedupeKey?: string;
  /** A safety notice: always delivered, must be acknowledged, re-sent once after 48 h if unread. */
  safety?: boolean;
};

/**
 * The local day whose digest is due at `now` in `zone` and its 07:00 there (the digest holds what was written
 * before it): today's once 07:00 has passed there, else yesterday's. An unknown zone counts as UTC.
 */
export function digestWindow(now: Date, zone: string): { day: string; cutoff: Date } {
  const local = DateTime.fromJSDate(now, { zone: IANAZone.isValidZone(zone) ? zone : 'UTC' });
  const day = (local.hour >= DIGEST_LOCAL_HOUR ? local : local.minus({ days: 1 })).startOf('day');
  return { day: day.toISODate()!, cutoff: day.set({ hour: DIGEST_LOCAL_HOUR }).toJSDate() };
}

/** 48 hours: an unread safety notice is sent again once after this. */
export const SAFETY_RESEND_AFTER_MS = 48 * 3600 * 1000;
const DIGEST_BATCH = 500;
const RESEND_BATCH = 500;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
export const toDto = (r: repo.NotificationRow): NotificationDto => ({
  id: r.id,
  kind: r.kind as NotificationKind,
  title: r.title,
  body: r.body,
  link: r.link,
  safety: r.safety,
  created_at: iso(r.created_at)!,
  read_at: iso(r.read_at),
  acknowledged_at: iso(r.acknowledged_at),
  resent_at: iso(r.resent_at),
});

const isSafetyKind = (kind: NotificationKind) => SAFETY_KINDS.includes(kind);
const isKind = (k: string): k is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(k);

/**
 * The one notification path (issue 28, ADR 025). `notify(tx, input)` writes the in-app notification in the
 * caller's transaction and, per the user's preference for its kind and the `email_updates` consent, its e-mail in
 * the same transaction through the outbox (instant) or marks it for the daily digest. A `kindred_notify` event
 * published in the same transaction reaches every instance at commit: the open app is told the new unread count,
 * and the instance that wrote the mail dispatches it at once (the outbox sweeper is the fallback).
 */
export function createNotificationsService(deps: {
  db: Db;
  clock: Clock;
  mail: Pick<MailService, 'enqueue' | 'dispatch'>;
  events: Pick<EventBus, 'publish' | 'subscribe'>;
  secret: string;
  publicUrl: string;
}) {
  const { db, clock } = deps;
  const origin = new URL(deps.publicUrl).origin;
  /** Mails this instance wrote, dispatched when their transaction's event arrives (after commit). */
  const written = new Map<string, QueuedMail>();
  const instance = Math.random().toString(36).slice(2);
  deps.events.subscribe('kindred_notify', (payload) => {
    if (payload.origin !== instance || !Array.isArray(payload.mails)) return;
    for (const id of payload.mails) {
      const m = written.get(String(id));
      written.delete(String(id));
      if (m) deps.mail.dispatch(m);
    }
  });

  const sign = (data: string) => createHmac('sha256', deps.secret).update(`notif-unsub:${data}`).digest('base64url');
  /** A signed token naming the user and the kind an unsubscribe changes (no expiry: RFC 8058 links last). */
  const unsubscribeToken = (userId: string, kind: NotificationKind) => {
    const data = Buffer.from(`${userId}:${kind}`).toString('base64url');
    return `${data}.${sign(data)}`;
  };
  const readToken = (token: string): { userId: string; kind: NotificationKind } | null => {
    const [data, mac] = token.split('.');
    if (!data || !mac) return null;
    const want = Buffer.from(sign(data));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    const [userId, kind] = Buffer.from(data, 'base64url').toString('utf8').split(':');
    return userId && kind && isKind(kind) ? { userId, kind } : null;
  };
  const unsubscribeUrl = (userId: string, kind: NotificationKind) =>
    `${origin}/api/v1/notifications/unsubscribe?token=${unsubscribeToken(userId, kind)}`;
  const unsubscribePage = (userId: string, kind: NotificationKind) =>
    `${origin}/notifications/unsubscribe?token=${unsubscribeToken(userId, kind)}`;
  const listHeaders = (userId: string, kind: NotificationKind) => ({
    'List-Unsubscribe': `<${unsubscribeUrl(userId, kind)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });

  /** The mail of one notification. A safety notice's mail names nothing: the parent reads it signed in. */
  function notificationMail(userId: string, n: Pick<NotifyInput, 'kind' | 'title' | 'body' | 'link' | 'safety'>) {
    const link = `${origin}${n.link}`;
    const lines = n.safety
      ? ['There is a safety notice for you on Kindred. Please sign in to read it and confirm that you have read it.']
      : [n.body];
    const off = isSafetyKind(n.kind)
      ? 'Safety notices cannot be turned off; you can receive them in the daily digest instead'
      : `Stop these e-mails (${NOTIFICATION_KIND_LABELS[n.kind]})`;
    const template: MailTemplate = {
      kind: 'notification',
      subject: n.title,
      text: [...lines, `Open it on Kindred: ${link}`, `${off}: ${unsubscribePage(userId, n.kind)}`].join('\n\n'),
      html: layout(n.title, [
        ...lines.map(escapeHtml),
        `<a href="${escapeHtml(link)}">Open it on Kindred</a>`,
        `<small><a href="${escapeHtml(unsubscribePage(userId, n.kind))}">${escapeHtml(off)}</a></small>`,
      ]),
      headers: listHeaders(userId, n.kind),
    };
    return template;
  }

  async function tellChanged(tx: Queryable, userId: string, mails: QueuedMail[] = []) {
    for (const m of mails) written.set(m.id, m);
    await deps.events.publish(tx, 'kindred_notify', { user: userId, origin: instance, mails: mails.map((m) => m.id) });
  }

  /** The shared contract's notify: one notification in the caller's transaction; null when deduplicated. */
  async function notify(tx: Queryable, input: NotifyInput): Promise<NotificationDto | null> {
    const safety = input.safety === true || isSafetyKind(input.kind);
    const who = await repo.recipient(tx, input.userId, input.kind);
    if (!who) return null;
    const delivery = (who.delivery ?? 'instant') as EmailDelivery;
    // Safety notices are always mailed (only the digest may delay them); other kinds follow the consent.
    const email: repo.NotificationRow['email'] = safety
      ? delivery === 'digest'
        ? 'digest'
        : 'instant'
      : !who.email_updates || delivery === 'off'
        ? 'none'
        : delivery;
    const row = await repo.insertNotification(tx, {
      userId: input.userId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link,
      dedupeKey: input.dedupeKey ?? null,
      safety,
      email,
      at: clock.now(),
    });
    if (!row) return null;
    const mails: QueuedMail[] = [];
    if (email === 'instant') {
      const m = await deps.mail.enqueue(tx, who.email, notificationMail(input.userId, { ...input, safety }), {
        key: `notification:${row.id}`,
        aboutUserId: input.userId,
      });
      if (m) mails.push(m);
    }
    await tellChanged(tx, input.userId, mails);
    return toDto(row);
  }

  const service = {
    notify,

    async list(userId: string, q: NotificationsQuery): Promise<NotificationsPage> {
      const { rows, total, unread } = await repo.listNotifications(db, {
        userId,
        kind: q.kind,
        unread: q.unread,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return {
        success: true,
        total,
        unread,
        page: q.page,
        page_size: q.page_size,
        notifications: rows.map(toDto),
      };
    },

    unreadCount: (userId: string) => repo.unreadCount(db, userId),

    async markRead(userId: string, ids: string[] | null): Promise<number> {
      return db.transaction(async (tx) => {
        if ((await repo.markRead(tx, userId, ids, clock.now())) > 0) await tellChanged(tx, userId);
        return repo.unreadCount(tx, userId);
      });
    },

    async acknowledge(userId: string, id: string): Promise<NotificationDto> {
      return db.transaction(async (tx) => {
        const row = await repo.acknowledge(tx, userId, id, clock.now());
        if (!row) throw notFound(NOTIFICATION_MSG.notFound);
        await tellChanged(tx, userId);
        return toDto(row);
      });
    },

    async preferences(userId: string): Promise<NotificationPreferences> {
      const [rows, who, zone] = await Promise.all([
        repo.preferences(db, userId),
        repo.recipient(db, userId, 'donor_update'),
        repo.timeZoneOf(db, userId),
      ]);
      const set = new Map(rows.map((r) => [r.kind, r.delivery as EmailDelivery]));
      return {
        success: true,
        email_updates: who?.email_updates ?? false,
        preferences: NOTIFICATION_KINDS.map((kind) => ({
          kind,
          delivery: set.get(kind) ?? 'instant',
          safety: isSafetyKind(kind),
          label: NOTIFICATION_KIND_LABELS[kind],
        })),
        time_zone: zone,
      };
    },

    /** Records the time zone the browser reports (the digest goes at 07:00 there); unchanged, nothing is written. */
    async setTimeZone(userId: string, zone: string): Promise<{ success: true; time_zone: string | null }> {
      await repo.setTimeZone(db, userId, zone);
      return { success: true, time_zone: await repo.timeZoneOf(db, userId) };
    },

    async setPreferences(userId: string, body: NotificationPreferencesRequest): Promise<NotificationPreferences> {
      body.preferences.forEach((p, i) => {
        if (p.delivery === 'off' && isSafetyKind(p.kind))
          throw fieldError(`preferences.${i}.delivery`, NOTIFICATION_MSG.safetyCannotBeOff);
      });
      await db.transaction(async (tx) => {
        for (const p of body.preferences) await repo.setPreference(tx, userId, p.kind, p.delivery, clock.now());
      });
      return service.preferences(userId);
    },

    /** What an unsubscribe link would change, without changing it (a link scanner's GET changes nothing). */
    async describeUnsubscribe(token: string) {
      const t = readToken(token);
      if (!t || !(await repo.userExists(db, t.userId))) throw fieldError('token', NOTIFICATION_MSG.badToken);
      const delivery: EmailDelivery = isSafetyKind(t.kind) ? 'digest' : 'off';
      return { kind: t.kind, delivery, label: NOTIFICATION_KIND_LABELS[t.kind] };
    },

    /** RFC 8058 one-click unsubscribe: no sign-in; only the token's kind changes (safety kinds to the digest). */
    async unsubscribe(token: string) {
      const { kind, delivery, label } = await service.describeUnsubscribe(token);
      const { userId } = readToken(token)!;
      await repo.setPreference(db, userId, kind, delivery, clock.now());
      const message = delivery === 'off' ? NOTIFICATION_MSG.unsubscribed : NOTIFICATION_MSG.movedToDigest;
      return { success: true as const, message, kind, delivery, label };
    },

    unsubscribeToken,

    /**
     * The daily digest, at 07:00 in each user's own time zone (UTC when none is known): run every 15 minutes, it
     * claims per time zone the users whose local 07:00 has passed since their last digest, with an upsert of their
     * last digest's local day (at most one digest per user and local day, whichever instance runs it), and mails
     * what waited for it before that 07:00, one mail per kind (each with that kind's unsubscribe), in the same
     * transaction. Returns the number of mails written.
     */
    async sendDigests(): Promise<number> {
      let sent = 0;
      const now = clock.now();
      for (const zone of await repo.digestZones(db)) {
        const { day, cutoff } = digestWindow(now, zone);
        for (;;) {
          const { mails, claimed } = await db.transaction(async (tx) => {
            const users = await repo.claimDigestUsers(tx, { zone, cutoff, day, limit: DIGEST_BATCH });
            const rows = users.length > 0 ? await repo.takeDigest(tx, users, cutoff) : [];
            rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
            const groups = new Map<string, repo.NotificationRow[]>();
            for (const r of rows) {
              const key = `${r.user_id}:${r.kind}`;
              groups.set(key, [...(groups.get(key) ?? []), r]);
            }
            const out: QueuedMail[] = [];
            for (const group of groups.values()) {
              const first = group[0]!;
              const kind = first.kind as NotificationKind;
              const who = await repo.recipient(tx, first.user_id, kind);
              if (!who) continue;
              const lines = group.map((n) =>
                n.safety
                  ? `Safety notice: ${n.title} (please sign in to read and confirm it)`
                  : `${n.title}: ${n.body}`,
              );
              const page = `${origin}/notifications`;
              const off = isSafetyKind(kind) ? 'Safety notices cannot be turned off' : 'Stop these e-mails';
              const subject = `Your Kindred digest: ${NOTIFICATION_KIND_LABELS[kind].toLowerCase()} (${group.length})`;
              const m = await deps.mail.enqueue(
                tx,
                who.email,
                {
                  kind: 'notification_digest',
                  subject,
                  text: [
                    ...lines,
                    `All your notifications: ${page}`,
                    `${off}: ${unsubscribePage(first.user_id, kind)}`,
                  ].join('\n\n'),
                  html: layout(subject, [
                    ...lines.map(escapeHtml),
                    `<a href="${escapeHtml(page)}">All your notifications</a>`,
                    `<small><a href="${escapeHtml(unsubscribePage(first.user_id, kind))}">${escapeHtml(off)}</a></small>`,
                  ]),
                  headers: listHeaders(first.user_id, kind),
                },
                { key: `digest:${group.map((n) => n.id).sort()[0]}`, aboutUserId: first.user_id },
              );
              if (m) out.push(m);
            }
            return { mails: out, claimed: users.length };
          });
          deps.mail.dispatch(...mails);
          sent += mails.length;
          if (claimed < DIGEST_BATCH) break;
        }
      }
      return sent;
    },

    /**
     * Safety notices unread after 48 h: sent once more, claimed once across instances. The mail goes again; in the
     * app the same notice (still unread, still to acknowledge) comes back to the top of the list marked as a
     * reminder (`resent_at`) and the open bell is pushed: visible once more, never a second notice.
     */
    async resendUnreadSafety(): Promise<number> {
      const now = clock.now();
      const before = new Date(now.getTime() - SAFETY_RESEND_AFTER_MS);
      let total = 0;
      for (;;) {
        const { mails, claimed } = await db.transaction(async (tx) => {
          const rows = await repo.claimResends(tx, before, now, RESEND_BATCH);
          const out: QueuedMail[] = [];
          for (const r of rows) {
            const who = await repo.recipient(tx, r.user_id, r.kind);
            if (!who) continue;
            const m = await deps.mail.enqueue(
              tx,
              who.email,
              notificationMail(r.user_id, {
                kind: r.kind as NotificationKind,
                title: `Reminder: ${r.title}`,
                body: r.body,
                link: r.link,
                safety: true,
              }),
              { key: `notification-resend:${r.id}`, aboutUserId: r.user_id },
            );
            if (m) out.push(m);
            await tellChanged(tx, r.user_id);
          }
          return { mails: out, claimed: rows.length };
        });
        deps.mail.dispatch(...mails);
        total += claimed;
        if (claimed < RESEND_BATCH) return total;
      }
    },

    /** Staff counts per subject (dedupe key): affected, read, acknowledged; never who. */
    subjectCounts: (keys: string[]) => repo.subjectCounts(db, keys),

    /** The data export (rights module). */
    async exportOf(userId: string): Promise<NotificationDto[]> {
      return (await repo.allOfUser(db, userId)).map(toDto);
    },
  };
  return service;
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
/** What other modules call: the contract's notify. */
export type Notifier = Pick<NotificationsService, 'notify'>;
