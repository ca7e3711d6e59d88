-- Issue 28, notifications (ADR 025): one row per in-app notification, the e-mail state it carries, and per-kind
-- e-mail preferences. Rows reference the user with on delete cascade: the account's purge removes them.
create table notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  kind text not null,
  title text not null,
  body text not null,
  link text not null,
  -- The same (user, kind, dedupe_key) is written once (a job run twice, two instances).
  dedupe_key text,
  -- A safety notice: always delivered, must be acknowledged, re-sent once after 48 h if unread.
  safety boolean not null default false,
  created_at timestamptz not null,
  read_at timestamptz,
  acknowledged_at timestamptz,
  -- none: no mail; instant: mailed when written; digest: waits for the daily digest; digested: went in one.
  email text not null default 'none' check (email in ('none', 'instant', 'digest', 'digested')),
  resent_at timestamptz
);
create unique index notifications_dedupe_idx on notifications (user_id, kind, dedupe_key);
create index notifications_user_idx on notifications (user_id, created_at desc, id desc);
create index notifications_unread_idx on notifications (user_id) where read_at is null;
create index notifications_digest_idx on notifications (user_id) where email = 'digest';
create index notifications_resend_idx on notifications (created_at) where safety and read_at is null and resent_at is null;
create index notifications_subject_idx on notifications (dedupe_key);

-- A kind without a row is mailed instantly (subject to the email_updates consent for non-safety kinds).
create table notification_preferences (
  user_id uuid not null references users(id) on delete cascade,
  kind text not null,
  delivery text not null check (delivery in ('instant', 'digest', 'off')),
  updated_at timestamptz not null,
  primary key (user_id, kind)
);

-- Mail headers a message is sent with (List-Unsubscribe, List-Unsubscribe-Post: RFC 8058).
alter table mail_messages add column headers jsonb;
