import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Queryable } from '../../db/db.ts';
import * as repo from './mail.repository.ts';
import type { MailTemplate } from './mail.templates.ts';
import { createMailTransport, type OutboxEntry, type OutgoingMail } from './mail.transport.ts';

/** The job queue that retries deliveries (jobs/mail-delivery.job.ts); absent or not started, nothing is queued. */
export type MailQueue = { send(queue: string, data: object, singletonKey: string): Promise<boolean> };
/** A message written by enqueue; hand it to dispatch once its transaction has committed. */
export type QueuedMail = { id: string; key: string; template: MailTemplate };
/**
 * Builds a fresh message for a code mail whose code is gone (restart): a new code for `ref`, or null if moot.
 * `stored` is the row's copy with the secrets withheld (WITHHELD), for messages whose secret can be derived again.
 */
export type MailRefresher = (
  ref: string,
  stored: { subject: string; text: string; html: string },
) => Promise<MailTemplate | null>;

export const MAIL_DELIVERY_QUEUE = 'mail-delivery';
/** A delivery job's payload: the outbox message to deliver (checked on send and when a run starts). */
export const MAIL_DELIVERY_PAYLOAD = z.object({ id: z.uuid() });
/** How long one claimed attempt may take before another sender may take the message over. */
const LEASE_SECONDS = 60;
/** Attempts (immediate, job retries, sweeps) after which a message is failed for good, for an operator to see. */
export const MAIL_MAX_ATTEMPTS = 40;
/** A pending message older than this with no live delivery is handed to the queue again by the sweeper. */
const STRANDED_AFTER_SECONDS = 15;
/** Codes of messages not yet sent, by message id (memory only; beyond this the oldest are re-minted instead). */
const SECRETS_KEPT = 10_000;
/** What the stored copy of a message shows in place of each of its secrets. */
export const WITHHELD = '[code withheld]';

/** Error text for the record and the admin page: an SMTP reply may quote the address, which stays out. */
export const describeError = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).replace(/[^\s<>@"']+@[^\s<>@"']+/g, '[address]').slice(0, 500);

/**
 * Mail through a transactional outbox. `enqueue(tx, …)` writes the message in the transaction of the change that
 * causes it (a receipt with its payment, a welcome with its account), so a rollback sends nothing and a commit
 * cannot lose it. After the commit `dispatch` tries once at once; a failure goes to the `mail-delivery` job queue
 * (retries with exponential backoff), and the sweeper re-queues anything whose delivery was lost with its process.
 * Each attempt claims the row (pending → sending under a lease) and marks it sent when the server accepts it, so
 * one message reaches the server once unless a process dies between the acceptance and that mark (at-least-once;
 * the resend carries the same Message-ID). Codes never reach the database: the row keeps the message with the code
 * withheld, this process keeps the code until it is sent, and a later attempt without it sends a fresh code.
 */
export function createMailService(opts: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
  queue?: MailQueue;
}) {
  const { db, log } = opts;
  const transport = createMailTransport({ smtpUrl: opts.smtpUrl, from: opts.from, log });
  const pending = new Set<Promise<void>>();
  const secrets = new Map<string, MailTemplate>();
  const refreshers = new Map<string, MailRefresher>();

  const withhold = (t: MailTemplate) => (s: string) =>
    (t.secrets ?? []).reduce((acc, secret) => acc.split(secret).join(WITHHELD), s);

  function remember(id: string, t: MailTemplate) {
    secrets.set(id, t);
    if (secrets.size > SECRETS_KEPT) secrets.delete(secrets.keys().next().value!);
  }

  /** The message to send for a claimed row, with its secrets; null when a code mail has nothing left to say. */
  async function contentOf(row: repo.MailRow): Promise<{ out: OutgoingMail; t?: MailTemplate } | null> {
    const base = {
      key: row.message_key,
      kind: row.kind,
      to: row.to_address,
      attachments: row.attachments ?? undefined,
      headers: row.headers ?? undefined,
    };
    if (!row.has_secret)
      return { out: { ...base, subject: row.subject, text: row.text_body, html: row.html_body ?? '' } };
    const refresh = row.ref ? refreshers.get(row.kind) : undefined;
    const stored = { subject: row.subject, text: row.text_body, html: row.html_body ?? '' };
    const t = secrets.get(row.id) ?? (refresh ? await refresh(row.ref!, stored) : null);
    return t ? { out: { ...base, subject: t.subject, text: t.text, html: t.html }, t } : null;
  }

  /** One claimed attempt. 'busy': another sender holds the message; 'done': it was already settled. */
  async function attempt(id: string): Promise<'sent' | 'busy' | 'done' | 'dropped'> {
    const row = await repo.claimMail(db, id, LEASE_SECONDS);
    if (!row) return (await repo.mailStatus(db, id)) === 'sending' ? 'busy' : 'done';
    try {
      const content = await contentOf(row);
      if (!content) {
        await repo.failMail(db, id, 'the code this message carried is no longer valid; nothing was sent');
        secrets.delete(id);
        return 'dropped';
      }
      await transport.deliver(content.out, content.t ? withhold(content.t) : (s) => s);
    } catch (err) {
      await repo.releaseMail(db, id, describeError(err), MAIL_MAX_ATTEMPTS).catch(() => undefined);
      throw err;
    }
    secrets.delete(id);
    await repo.markMailSent(db, id);
    return 'sent';
  }

  async function queue(id: string, key: string) {
    const payload: z.infer<typeof MAIL_DELIVERY_PAYLOAD> = { id };
    return (await opts.queue?.send(MAIL_DELIVERY_QUEUE, payload, key)) ?? false;
  }

  const service = {
    transport: transport.kind,

    /**
     * Writes a message in `tx`; null when `key` was already recorded (the same receipt enqueued twice). `discard`
     * runs the same statement and writes nothing: a caller that must not reveal whether it had anyone to write to
     * (recovery for an unknown address) spends the same work.
     */
    async enqueue(
      tx: Queryable,
      to: string,
      t: MailTemplate,
      o: { key?: string; ref?: string; discard?: boolean; aboutUserId?: string } = {},
    ): Promise<QueuedMail | null> {
      const keep = withhold(t);
      const row = await repo.insertMail(tx, {
        kind: t.kind,
        to,
        subject: keep(t.subject),
        text: keep(t.text),
        html: keep(t.html),
        transport: transport.kind,
        key: o.key,
        hasSecret: Boolean(t.secrets?.length),
        ref: o.ref,
        aboutUserId: o.aboutUserId,
        discard: o.discard,
        unverified: t.unverified,
        attachments: t.attachments,
        headers: t.headers,
      });
      return row ? { id: row.id, key: row.message_key, template: t } : null;
    },

    /** After the enqueueing transaction committed: deliver now in the background; a failure goes to the queue. */
    dispatch(...mails: (QueuedMail | null | undefined)[]) {
      for (const m of mails) {
        if (!m) continue;
        if (m.template.secrets?.length) remember(m.id, m.template);
        const p = attempt(m.id)
          .then(async (r) => {
            if (r === 'busy') await queue(m.id, m.key);
          })
          .catch(async (err: unknown) => {
            const queued = await queue(m.id, m.key).catch(() => false);
            log.warn({ mailId: m.id, error: describeError(err), queued }, 'mail delivery failed; will retry');
          })
          .finally(() => pending.delete(p));
        pending.add(p);
      }
    },

    /**
     * dispatch once the current request's answer has been written (setImmediate runs after it): where the answer
     * must not take longer when there is something to deliver (recovery). flush() waits for it too.
     */
    dispatchAfterReply(...mails: (QueuedMail | null | undefined)[]) {
      const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => service.dispatch(...mails))
        .finally(() => pending.delete(p));
      pending.add(p);
    },

    /**
     * In `tx`, the messages held for `to` (an address just verified) become pending; dispatch what this returns
     * after the commit. Held messages carry no code (code mails are never held).
     */
    async release(tx: Queryable, to: string): Promise<QueuedMail[]> {
      const rows = await repo.releaseHeldMail(tx, to);
      return rows.map((r) => ({
        id: r.id,
        key: r.message_key,
        template: { kind: 'held', subject: '', text: '', html: '' },
      }));
    },

    /** A message with no other change to commit with it: recorded, then dispatched. */
    async send(to: string, t: MailTemplate, o: { key?: string; ref?: string } = {}) {
      service.dispatch(await service.enqueue(db, to, t, o));
    },

    /** The delivery job: throws when the attempt failed (or another sender holds it) so the queue retries. */
    async deliver(id: string) {
      const r = await attempt(id);
      if (r === 'busy') throw new Error('another sender holds this message; trying again later');
    },

    /** The sweeper: re-queues messages whose delivery was lost (a process killed between commit and send). */
    async sweep(): Promise<number> {
      let queued = 0;
      for (const r of await repo.findStrandedMail(db, STRANDED_AFTER_SECONDS))
        if (await queue(r.id, r.message_key)) queued += 1;
      return queued;
    },

    /** Registers how a code mail of `kind` is rebuilt with a fresh code when its code is gone. */
    onRefresh(kind: string, fn: MailRefresher) {
      refreshers.set(kind, fn);
    },

    /** Resolves when every immediate delivery started so far has finished (tests, shutdown). */
    async flush() {
      while (pending.size) await Promise.all([...pending]);
    },

    /** The dev outbox page: messages this process delivered to the outbox, newest first. */
    async recent(): Promise<OutboxEntry[]> {
      return transport.recent();
    },

    /** Messages not yet sent, by status (metrics, the admin jobs page). */
    counts: () => repo.countMailByStatus(db),

    async close() {
      await service.flush();
      transport.close();
    },
  };
  return service;
}
export type MailService = ReturnType<typeof createMailService>;
