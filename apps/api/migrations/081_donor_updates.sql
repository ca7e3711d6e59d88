-- Issue 28, donor updates (ADR 025): posted by a donor's bank's clinic staff or an admin, shown on the donor page
-- with date and source, fanned out to every family that cares by the donor-updates job (fanned_out_at).
create table donor_updates (
  id uuid primary key default gen_random_uuid(),
  donor_id uuid not null references donors(id) on delete cascade,
  kind text not null check (kind in ('medical', 'availability', 'withdrawal', 'family_limit')),
  category text check (category in ('new_diagnosis', 'genetic_result', 'other')),
  gene text,
  body text not null,
  -- Who the families are told it came from: the clinic's name, or 'Kindred' for an operator.
  source text not null,
  posted_by uuid references users(id) on delete set null,
  clinic_id uuid references clinics(id) on delete set null,
  created_at timestamptz not null,
  fanned_out_at timestamptz
);
create index donor_updates_donor_idx on donor_updates (donor_id, created_at desc);
create index donor_updates_pending_idx on donor_updates (created_at) where fanned_out_at is null;
