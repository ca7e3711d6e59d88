import type { Queryable } from '../../db/db.ts';
import type { MailAttachment } from './mail.templates.ts';

/** SQL for the mail outbox (mail_messages): a message is written with its cause and delivered after commit. */

export type MailWrite = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  transport: string;
  key?: string;
  hasSecret: boolean;
  ref?: string;
  /** The account a mail to someone else is about (a booking mail to the clinic): purged with it (migration 052). */
  aboutUserId?: string;
  /** Run the insert and write nothing (see MailService.enqueue). */
  discard?: boolean;
  /** May go to an unverified address; otherwise mail to an account whose address is unverified is held. */
  unverified?: boolean;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
};
export type MailRow = {
  id: string;
  message_key: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'held';
  attempts: number;
  has_secret: boolean;
  ref: string | null;
  attachments: MailAttachment[] | null;
  headers: Record<string, string> | null;
};

const COLUMNS =
  'id, message_key, kind, to_address, subject, text_body, html_body, status, attempts, has_secret, ref, attachments, ' +
  'headers';

/** Records a message; a key already recorded (the same receipt enqueued twice) records nothing and returns null. */
export async function insertMail(db: Queryable, m: MailWrite): Promise<{ id: string; message_key: string } | null> {
  const rows = await db.query<{ id: string; message_key: string }>(
    `insert into mail_messages
       (kind, to_address, subject, text_body, html_body, transport, message_key, has_secret, ref, attachments,
        about_user_id, headers, status)
     select $1, $2, $3, $4, $5, $6, coalesce($7, gen_random_uuid()::text), $8::boolean, $9, $12::jsonb, $13::uuid,
       $14::jsonb,
       case when not $11::boolean and exists (
         select 1 from users where lower(email) = lower($2) and email_verified_at is null) then 'held' else 'pending' end
     where not $10::boolean
     on conflict (message_key) do nothing
     returning id, message_key`,
    [
      m.kind,
      m.to,
      m.subject,
      m.text,
      m.html,
      m.transport,
      m.key ?? null,
      m.hasSecret,
      m.ref ?? null,
      !!m.discard,
      !!m.unverified,
      m.attachments?.length ? JSON.stringify(m.attachments) : null,
      m.aboutUserId ?? null,
      m.headers ? JSON.stringify(m.headers) : null,
    ],
  );
  return rows[0] ?? null;
}

/**
 * Claims a message for one delivery attempt: pending, or sending under a lease that ran out (its sender died).
 * Only one claimant wins, on any instance; the lease bounds how long a dead sender holds the message.
 */
export async function claimMail(db: Queryable, id: string, leaseSeconds: number): Promise<MailRow | undefined> {
  const rows = await db.query<MailRow>(
    `update mail_messages set status = 'sending', attempts = attempts + 1,
       lease_until = now() + make_interval(secs => $2)
     where id = $1 and (status = 'pending' or (status = 'sending' and lease_until < now()))
     returning ${COLUMNS}`,
    [id, leaseSeconds],
  );
  return rows[0];
}

export async function mailStatus(db: Queryable, id: string): Promise<MailRow['status'] | undefined> {
  const rows = await db.query<{ status: MailRow['status'] }>('select status from mail_messages where id = $1', [id]);
  return rows[0]?.status;
}

export async function markMailSent(db: Queryable, id: string): Promise<void> {
  await db.query(
    "update mail_messages set status = 'sent', sent_at = now(), lease_until = null, error = null where id = $1",
    [id],
  );
}

/** Gives a claimed message back after a failed attempt; after `maxAttempts` it is failed for good. */
export async function releaseMail(db: Queryable, id: string, error: string, maxAttempts: number): Promise<void> {
  await db.query(
    `update mail_messages set lease_until = null, error = $2,
       status = case when attempts >= $3 then 'failed' else 'pending' end
     where id = $1 and status = 'sending'`,
    [id, error, maxAttempts],
  );
}

export async function failMail(db: Queryable, id: string, error: string): Promise<void> {
  await db.query("update mail_messages set status = 'failed', lease_until = null, error = $2 where id = $1", [
    id,
    error,
  ]);
}

/** Messages whose delivery may have been lost: pending for a while, or claimed by a sender whose lease ran out. */
export function findStrandedMail(
  db: Queryable,
  olderThanSeconds: number,
  limit = 500,
): Promise<{ id: string; message_key: string }[]> {
  return db.query(
    `select id, message_key from mail_messages
     where (status = 'pending' and created_at < now() - make_interval(secs => $1))
        or (status = 'sending' and lease_until < now())
     order by created_at limit $2`,
    [olderThanSeconds, limit],
  );
}

/** Hands the messages held for an address that is now verified to delivery: they become pending. */
export function releaseHeldMail(db: Queryable, to: string): Promise<{ id: string; message_key: string }[]> {
  return db.query(
    `update mail_messages set status = 'pending' where status = 'held' and lower(to_address) = lower($1)
     returning id, message_key`,
    [to],
  );
}

/** Counts by status (metrics, the admin jobs page). */
export function countMailByStatus(db: Queryable): Promise<{ status: string; n: number }[]> {
  return db.query("select status, count(*)::int as n from mail_messages where status <> 'sent' group by status");
}
