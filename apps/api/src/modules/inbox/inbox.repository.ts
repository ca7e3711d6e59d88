import type { InboxStatus } from '@kindred/shared/console-inbox.schemas';
import type { Queryable } from '../../db/db.ts';

/** SQL of the operator console's inbox: contact_messages and contact_replies (migrations 006 and 029). */

export type InboxMessageRow = {
  id: string;
  name: string;
  email: string;
  question: string;
  status: InboxStatus;
  assignee_id: string | null;
  assignee_name: string | null;
  reply_count: number;
  created_at: Date;
  updated_at: Date | null;
};

export type InboxReplyRow = {
  id: string;
  body: string;
  author_id: string | null;
  author_name: string | null;
  created_at: Date;
};

const STAFF_NAME = (alias: string) => `nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`;
const MESSAGE_SELECT = `select m.id, m.name, m.email, m.question, m.status, m.assignee_id,
    ${STAFF_NAME('a')} as assignee_name,
    (select count(*)::int from contact_replies r where r.message_id = m.id) as reply_count,
    m.created_at, m.updated_at
  from contact_messages m left join users a on a.id = m.assignee_id`;

export type InboxFilter = {
  status?: InboxStatus;
  /** A staff member's id, or null for messages nobody is assigned to. */
  assigneeId?: string | null;
  q?: string;
  sort: 'newest' | 'oldest';
  limit: number;
  offset: number;
};

/** `%` and `_` typed by the operator are searched for as themselves. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(f: InboxFilter): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    let text = sql;
    for (const v of values) {
      params.push(v);
      text = text.replace('?', `$${params.length}`);
    }
    where.push(text);
  };
  if (f.status) add('m.status = ?', f.status);
  if (f.assigneeId === null) where.push('m.assignee_id is null');
  else if (f.assigneeId) add('m.assignee_id = ?', f.assigneeId);
  if (f.q) {
    const p = likePattern(f.q);
    add('(m.name ilike ? or m.email ilike ? or m.question ilike ?)', p, p, p);
  }
  return { sql: where.length ? `where ${where.join(' and ')}` : '', params };
}

/** One page of messages, newest (or oldest) first, and how many match in all. */
export async function listMessages(db: Queryable, f: InboxFilter): Promise<{ count: number; rows: InboxMessageRow[] }> {
  const { sql, params } = whereOf(f);
  const order = f.sort === 'oldest' ? 'm.created_at asc, m.id asc' : 'm.created_at desc, m.id desc';
  const [total, rows] = await Promise.all([
    db.query<{ n: number }>(`select count(*)::int as n from contact_messages m ${sql}`, params),
    db.query<InboxMessageRow>(
      `${MESSAGE_SELECT} ${sql} order by ${order} limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, f.limit, f.offset],
    ),
  ]);
  return { count: total[0]!.n, rows };
}

export const findMessage = async (db: Queryable, id: string) =>
  (await db.query<InboxMessageRow>(`${MESSAGE_SELECT} where m.id = $1`, [id]))[0];

/** The message's row locked for a change (two staff answering at once take turns). */
export const lockMessage = async (db: Queryable, id: string) =>
  (
    await db.query<{
      id: string;
      status: InboxStatus;
      assignee_id: string | null;
      email: string;
      name: string;
      question: string;
    }>('select id, status, assignee_id, email, name, question from contact_messages where id = $1 for update', [id])
  )[0];

export const listReplies = (db: Queryable, messageId: string) =>
  db.query<InboxReplyRow>(
    `select r.id, r.body, r.author_id, ${STAFF_NAME('u')} as author_name, r.created_at
       from contact_replies r left join users u on u.id = r.author_id
      where r.message_id = $1 order by r.created_at, r.id`,
    [messageId],
  );

export async function insertReply(
  db: Queryable,
  r: { messageId: string; authorId: string; body: string; now: Date },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    'insert into contact_replies (message_id, author_id, body, created_at) values ($1, $2, $3, $4) returning id',
    [r.messageId, r.authorId, r.body, r.now],
  );
  return rows[0]!.id;
}

export async function setStatus(db: Queryable, id: string, status: InboxStatus, now: Date): Promise<void> {
  await db.query('update contact_messages set status = $2, updated_at = $3 where id = $1', [id, status, now]);
}

export async function setAssignee(db: Queryable, id: string, assigneeId: string | null, now: Date): Promise<void> {
  await db.query('update contact_messages set assignee_id = $2, updated_at = $3 where id = $1', [id, assigneeId, now]);
}

/** Staff who can be assigned a message (support and admin), by name. Disabled accounts are left out. */
export const listStaff = (db: Queryable) =>
  db.query<{ id: string; name: string }>(
    `select u.id, coalesce(${STAFF_NAME('u')}, 'Staff member') as name from users u
      where u.role in ('support', 'admin') and u.disabled_at is null order by name, u.id`,
  );

export const isActiveStaff = async (db: Queryable, userId: string) =>
  (
    await db.query(`select 1 from users where id = $1 and role in ('support', 'admin') and disabled_at is null`, [
      userId,
    ])
  ).length > 0;
