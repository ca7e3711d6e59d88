-- The operator console's Users page (issue 15, ADR 022): search, filters, sorts and the sign-in history.

-- Substring search over name and address (the console's search box) through a trigram index; the same extension
-- on PostgreSQL and PGlite (db.ts loads it there).
create extension if not exists pg_trgm;
create index users_search_trgm_idx on users
  using gin ((lower(first_name || ' ' || last_name || ' ' || email)) gin_trgm_ops);

-- Sorts: newest first, by name, by last sign-in (the address sort uses users_email_key).
create index users_created_idx on users (created_at desc, id desc);
create index users_name_idx on users (lower(last_name), lower(first_name), id);

-- When the account last signed in (set by every successful sign-in); null: never since this column exists.
alter table users add column last_sign_in_at timestamptz;
create index users_last_sign_in_idx on users (last_sign_in_at desc nulls last, id desc);

-- Filters: by role and by the current plan (a subscription entitling now is active; the index finds the active ones).
create index users_role_idx on users (role, created_at desc);
create index subscriptions_active_plan_idx on subscriptions (plan_id, user_id) where status in ('active', 'past_due');

-- A plan granted by an operator (price 0, no payment): its checkout session is of provider 'complimentary'.
alter table checkout_sessions drop constraint checkout_sessions_provider_check;
alter table checkout_sessions add constraint checkout_sessions_provider_check
  check (provider in ('free', 'test', 'stripe', 'complimentary'));
