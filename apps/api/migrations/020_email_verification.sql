-- Sign-up works at once, but the address is unverified until its owner follows the link in the welcome mail (or
-- resets the password with a mailed code). Accounts from before this migration keep receiving their mail: they
-- count as verified from their creation.
alter table users add column email_verified_at timestamptz;
update users set email_verified_at = created_at;
-- Mail to an unverified address (receipts, notices) waits as 'held' and is released once the address is verified.
alter table mail_messages drop constraint mail_messages_status_check;
alter table mail_messages add constraint mail_messages_status_check
  check (status in ('pending', 'sending', 'sent', 'failed', 'held'));
create index mail_messages_held_idx on mail_messages (lower(to_address)) where status = 'held';
