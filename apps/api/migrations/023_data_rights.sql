-- Issue 13, data rights (ADR 019): the append-only consent log and prepared data exports.

-- One row per grant or withdrawal; the current state of a (user, kind, scope) is its latest row. Rows are only
-- ever inserted (the application has no update or delete of this table); the account's deletion removes them.
create table consent_events (
  id bigint generated always as identity primary key,
  user_id uuid not null references users(id) on delete cascade,
  kind text not null check (kind in ('health_data_matching', 'shortlist_sharing', 'email_updates')),
  scope text not null default '',
  granted boolean not null,
  at timestamptz not null,
  source text not null check (source in ('wizard', 'profile', 'api'))
);
create index consent_events_user_idx on consent_events (user_id, kind, scope, id desc);

-- A data export: prepared by the data-export job, downloadable by its owner until expires_at, then its content is
-- purged (the row stays, without content, so the profile can say it expired and the daily limit still counts it).
create table data_exports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  status text not null default 'preparing' check (status in ('preparing', 'ready', 'failed', 'expired')),
  requested_at timestamptz not null,
  ready_at timestamptz,
  expires_at timestamptz,
  json_body text,
  html_body text
);
create index data_exports_user_idx on data_exports (user_id, requested_at desc);
