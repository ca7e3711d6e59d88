-- Account deletion (ADR 020). "Delete my account" deactivates at once: the password hash moves here
-- (held_password_hash) and the user row gets an unusable one, so no token, socket or sign-in verifies any more; the
-- cancel link puts it back. After purge_after the purge job erases the account (user row, preferences, matches,
-- favourites, mail, contact messages, uploads) and keeps payments under a pseudonymous user row.
create table account_deletions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete set null,
  held_password_hash text,
  requested_at timestamptz not null,
  purge_after timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'cancelled', 'purged')),
  cancelled_at timestamptz,
  purged_at timestamptz,
  -- The purge receipt (sent to the address just erased): its outbox row is deleted once it is sent or failed.
  receipt_key text
);
create unique index account_deletions_pending_idx on account_deletions (user_id) where status = 'pending';
create index account_deletions_due_idx on account_deletions (purge_after) where status = 'pending';

-- What survives a purge of an account that used its free trial: a keyed hash (HMAC with a server secret) of the
-- normalised address, so signing up again with it gets no second trial. No address, name or id is kept.
create table account_tombstones (
  email_key text primary key,
  trial_used boolean not null,
  created_at timestamptz not null
);

-- The pseudonymous row that holds an erased account's payments, subscriptions and checkouts (no address, name or
-- phone; it cannot sign in).
alter table users add column erased_at timestamptz;
