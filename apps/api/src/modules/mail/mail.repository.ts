import type { Queryable } from '../../db/db.ts';

/** SQL for recorded mail (mail_messages): every message is written before it is delivered. */

export type MailWrite = { kind: string; to: string; subject: string; text: string; html: string; transport: string };
export type RecordedMail = { to_address: string; subject: string; text_body: string; created_at: Date };

export async function insertMail(db: Queryable, m: MailWrite): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `insert into mail_messages (kind, to_address, subject, text_body, html_body, transport)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [m.kind, m.to, m.subject, m.text, m.html, m.transport],
  );
  return rows[0]!.id;
}

export async function markMailSent(db: Queryable, id: string): Promise<void> {
  await db.query('update mail_messages set sent_at = now() where id = $1', [id]);
}

export async function markMailFailed(db: Queryable, id: string, error: string): Promise<void> {
  await db.query('update mail_messages set error = $2 where id = $1', [id, error]);
}

/** The 50 most recent messages, newest first (the dev outbox page). */
export function listRecentMail(db: Queryable): Promise<RecordedMail[]> {
  return db.query<RecordedMail>(
    'select to_address, subject, text_body, created_at from mail_messages order by created_at desc limit 50',
  );
}
