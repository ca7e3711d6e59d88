-- Issue 28: saved searches that never expire (ADR 026). An alert keeps a copy of the preference set it was saved
-- from (as stored: raw answers, coordinates, normalised form) and the matches page's filters, so editing or
-- deleting the preference set later does not change what the parent asked to be told about.
create table search_alerts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  profile_id uuid references fertility_profiles(id) on delete set null,
  name text not null,
  donor_type text,
  preferences jsonb not null,
  filters jsonb not null default '{}'::jsonb,
  paused_at timestamptz,
  -- Donors changed at or before this catalogue version never fire the alert: set when saved and when resumed,
  -- so a donor that was already there (or entered while the alert was paused) is not announced as new.
  since_version bigint not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  last_fired_at timestamptz
);
create index search_alerts_user_idx on search_alerts (user_id, created_at);
create index search_alerts_active_idx on search_alerts (created_at) where paused_at is null;

-- One row per (alert, donor) ever announced: the dedupe of "once per donor per alert".
create table search_alert_hits (
  alert_id uuid not null references search_alerts(id) on delete cascade,
  donor_reference_id text not null,
  fired_at timestamptz not null,
  primary key (alert_id, donor_reference_id)
);

-- The catalogue version the alert job has matched up to (one row; the job locks it, so one run at a time).
create table search_alert_scan (
  id integer primary key check (id = 1),
  catalogue_version bigint not null
);
insert into search_alert_scan (id, catalogue_version)
  select 1, coalesce((select version from catalogue_state where id = 1), 0);

-- What each donor's index source was when the alert job last looked at it: the "before" of a change, so that
-- only donors entering a passing set (not every edited donor) fire an alert.
create table search_alert_donor_states (
  reference_id text primary key,
  source jsonb not null
);
insert into search_alert_donor_states (reference_id, source) select reference_id, index_source from donors;
