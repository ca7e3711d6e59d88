-- A family ledger across banks (issue 28, ADR 027).
--
-- One row per family a parent reports with a donor record: a pregnancy or a birth, named clinic, status
-- reported → confirmed (by that clinic's staff) or withdrawn (by the parent). When the parent's account is deleted
-- the row stays without its parent (user_id set null): the donor keeps an anonymous count, which is the point.
create table family_reports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete set null,
  donor_reference_id text not null references donors(reference_id) on delete cascade,
  clinic_id uuid references clinics(id) on delete set null,
  kind text not null check (kind in ('pregnancy', 'birth')),
  event_date date,
  status text not null check (status in ('reported', 'confirmed', 'withdrawn')),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  confirmed_at timestamptz,
  withdrawn_at timestamptz
);
-- One live report per parent and donor record (a pregnancy that becomes a birth is a correction, not a new family).
create unique index family_reports_one_live_idx on family_reports (user_id, donor_reference_id)
  where status <> 'withdrawn' and user_id is not null;
create index family_reports_donor_idx on family_reports (donor_reference_id) where status <> 'withdrawn';
create index family_reports_clinic_idx on family_reports (clinic_id, created_at desc);
create index family_reports_user_idx on family_reports (user_id, created_at desc);

-- Cross-bank identity: donor records of the same person share a person_id. A record with no row is a person of
-- its own. Links come from a bank's cross_reference in an import ('bank') or an operator's link ('operator'),
-- never from a guess at traits.
create table donor_identities (
  reference_id text primary key references donors(reference_id) on delete cascade,
  person_id uuid not null,
  linked_by text not null check (linked_by in ('bank', 'operator')),
  linked_at timestamptz not null
);
create index donor_identities_person_idx on donor_identities (person_id);
-- The bank-provided cross-reference carried in the donor record (the import's optional cross_reference field).
create index donors_cross_reference_idx on donors ((record->>'cross_reference')) where record ? 'cross_reference';

-- Donors the ledger put on "family limit reached" hold, with the availability to restore if the count falls back.
create table family_limit_holds (
  reference_id text primary key references donors(reference_id) on delete cascade,
  availability_before text not null,
  held_at timestamptz not null
);
