-- Issue 25 (ADR 020): a mail to someone else about a parent (a booking mail to the clinic names the parent, their
-- e-mail and phone) belongs to that parent's account: the purge's delete of the user row removes it with the rest.
-- Mail to the parent's own address and the contact-form mail to support (by its contact message, `ref`) are
-- deleted by the purge itself.
alter table mail_messages add column about_user_id uuid references users (id) on delete cascade;
create index mail_messages_about_user_idx on mail_messages (about_user_id) where about_user_id is not null;
