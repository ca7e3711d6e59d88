-- The donor catalogue, parents' preference sets and the donors each parent has been shown.
create table donors (
  id uuid primary key default gen_random_uuid(),
  reference_id text not null unique,
  bank_name text not null,
  bank_donor_id text not null,
  donor_type text not null check (donor_type in ('egg', 'sperm', 'surrogate')),
  disclosure text not null check (disclosure in ('ANON', 'KNOWN', 'OPEN')),
  availability text not null,
  record jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (bank_name, bank_donor_id)
);

-- Bumped on every catalogue change; each instance rebuilds its in-memory index when it sees a new version.
create table catalogue_state (
  id integer primary key check (id = 1),
  version bigint not null
);
insert into catalogue_state (id, version) values (1, 0);

create table fertility_profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  donor_type_preference text not null check (donor_type_preference in ('egg', 'sperm', 'surrogate')),
  location text,
  latitude double precision,
  longitude double precision,
  raw jsonb not null,
  normalized jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (user_id, donor_type_preference)
);

-- A match credit is spent the first time a donor is revealed to a parent under a subscription.
create table revealed_donors (
  subscription_id uuid not null references subscriptions(id) on delete cascade,
  donor_id uuid not null references donors(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  revealed_at timestamptz not null,
  -- The match as the parent last saw it (scores, explanation, carrier report): the detail view explains it.
  match jsonb not null,
  primary key (subscription_id, donor_id)
);
create index revealed_donors_user_idx on revealed_donors (user_id, donor_id);
