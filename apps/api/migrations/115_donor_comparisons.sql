-- Issue 28, "Donor updates reach every family that cares": a parent who compared a donor is told of its updates
-- like one who starred it. A comparison on the family page (ADR 028) is the one that can name a donor the parent
-- did not star or have revealed (their partner's shortlist), so it is recorded: one row per parent and donor,
-- the first and the latest time. Deleted with the account (data export: `donor_comparisons`).
create table donor_comparisons (
  user_id uuid not null references users(id) on delete cascade,
  donor_id uuid not null references donors(id) on delete cascade,
  first_at timestamptz not null,
  last_at timestamptz not null,
  primary key (user_id, donor_id)
);
create index donor_comparisons_donor_idx on donor_comparisons (donor_id);
