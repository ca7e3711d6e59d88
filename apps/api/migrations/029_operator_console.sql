-- Operator console (issue 15): the support role, disabled accounts, the contact inbox and the audit log.

-- support: reads most things and answers the inbox; no money and no health data (ADR 022).
alter table users drop constraint users_role_check;
alter table users add constraint users_role_check check (role in ('parent', 'clinic', 'support', 'admin'));

-- A disabled account cannot sign in and its tokens are refused; enabling it clears both columns.
alter table users add column disabled_at timestamptz;
alter table users add column disabled_reason text;

-- The inbox: each contact message has a status and an assignee; replies are e-mailed and kept with the message.
alter table contact_messages add column status text not null default 'new' check (status in ('new', 'answered', 'closed'));
alter table contact_messages add column assignee_id uuid references users(id) on delete set null;
alter table contact_messages add column updated_at timestamptz;
create index contact_messages_status_idx on contact_messages (status, created_at desc);
create table contact_replies (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references contact_messages(id) on delete cascade,
  author_id uuid references users(id) on delete set null,
  body text not null,
  created_at timestamptz not null default now()
);
create index contact_replies_message_idx on contact_replies (message_id, created_at);

-- The audit log: one row per change made through the console or an admin API, written in the transaction of the
-- change. Append-only: updates and deletes are refused by a trigger, except the one update an account purge makes
-- (it replaces the erased user's id by the pseudonym, ADR 020), which sets kindred.audit_erasure for its transaction.
-- diff holds {field: [before, after]} without secrets (audit.service.ts strips them); no e-mail address or name.
create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_role text not null,
  action text not null,
  target_type text not null,
  target_id text,
  diff jsonb not null default '{}'::jsonb,
  reason text,
  client_ip text
);
create index audit_log_at_idx on audit_log (at desc, id desc);
create index audit_log_target_idx on audit_log (target_type, target_id, id desc);
create index audit_log_actor_idx on audit_log (actor_id, id desc);
create index audit_log_action_idx on audit_log (action, id desc);

create function audit_log_append_only() returns trigger language plpgsql as $$ begin if tg_op = 'UPDATE' and current_setting('kindred.audit_erasure', true) = 'on' then return new; end if; raise exception 'audit_log is append-only' using errcode = '42501'; end $$;

create trigger audit_log_append_only before update or delete on audit_log for each row execute function audit_log_append_only();
