-- Issue 29, "Decide together" (ADR 028): two parents linked as one family, with ratings and notes per donor.

-- A family exists from the moment an invitation is accepted (its id is the invitation's). Leaving dissolves it
-- (dissolved_at): memberships end, ratings and notes stay with their authors (only the author sees them then).
create table families (
  id uuid primary key,
  created_at timestamptz not null,
  dissolved_at timestamptz
);

-- At most one current family per user (a row exists only while linked).
create table family_members (
  family_id uuid not null references families(id) on delete cascade,
  user_id uuid not null unique references users(id) on delete cascade,
  joined_at timestamptz not null,
  primary key (family_id, user_id)
);

-- An invitation by e-mail; the token is only ever stored hashed. One open invitation per inviter.
create table family_invites (
  id uuid primary key default gen_random_uuid(),
  inviter_id uuid not null references users(id) on delete cascade,
  email text not null,
  token_hash text not null unique,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  cancelled_at timestamptz
);
create index family_invites_inviter_idx on family_invites (inviter_id, created_at desc);

-- Each partner's Yes / Maybe / No per donor, within one family.
create table family_ratings (
  family_id uuid not null references families(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  donor_id uuid not null references donors(id) on delete cascade,
  rating text not null check (rating in ('yes', 'maybe', 'no')),
  updated_at timestamptz not null,
  primary key (family_id, user_id, donor_id)
);

-- Notes per donor: private (the author only) or shared (the author and their partner while linked).
create table family_notes (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null references families(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  donor_id uuid not null references donors(id) on delete cascade,
  body text not null check (char_length(body) between 1 and 2000),
  shared boolean not null,
  created_at timestamptz not null
);
create index family_notes_family_idx on family_notes (family_id, donor_id, created_at);
create index family_notes_user_idx on family_notes (user_id);

-- Preference sets their owner shares with the family; with_health: the owner's own health answers (their carrier
-- conditions and screen) go with it, given by the owner at sharing time (consent family_set_health, scope set id).
create table family_shared_sets (
  family_id uuid not null references families(id) on delete cascade,
  preference_set_id uuid not null references fertility_profiles(id) on delete cascade,
  owner_id uuid not null references users(id) on delete cascade,
  with_health boolean not null,
  shared_at timestamptz not null,
  primary key (family_id, preference_set_id)
);

alter table consent_events drop constraint if exists consent_events_kind_check;
alter table consent_events add constraint consent_events_kind_check
  check (kind in ('health_data_matching', 'shortlist_sharing', 'email_updates', 'partner_link', 'family_set_health'));
