-- Mail goes out through an outbox: each message is written in the transaction of the change that causes it and
-- delivered afterwards by a job that claims it (status pending -> sending under a lease -> sent). message_key is
-- the message's stable identity: its SMTP Message-ID and the singleton key of its delivery job.
alter table mail_messages add column message_key text not null default gen_random_uuid()::text;
create unique index mail_messages_key_idx on mail_messages (message_key);
alter table mail_messages add column status text not null default 'pending';
-- Rows from before the outbox were delivered at once or never: they are history, not work.
update mail_messages set status = case when sent_at is not null then 'sent' else 'failed' end;
alter table mail_messages add constraint mail_messages_status_check
  check (status in ('pending', 'sending', 'sent', 'failed'));
alter table mail_messages add column attempts integer not null default 0;
alter table mail_messages add column lease_until timestamptz;
-- A code mail keeps no code: the row says it had one (has_secret) and what it belongs to (ref: the reset session),
-- so a delivery retried after a restart mints a fresh code for that session instead.
alter table mail_messages add column has_secret boolean not null default false;
alter table mail_messages add column ref text;
create index mail_messages_open_idx on mail_messages (created_at) where status in ('pending', 'sending');
