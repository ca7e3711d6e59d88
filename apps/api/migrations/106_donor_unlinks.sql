-- Issue 28 (ADR 027 addendum): an admin's unlink outlives the bank's next import.
--
-- When an admin takes a record that carries a bank cross_reference out of its person, the record and that
-- cross_reference are remembered here; an import's cross-reference linking skips the record for as long as it carries
-- the same cross_reference. An admin's later link of the record removes the row (the operator changed their mind);
-- a bank sending a different cross_reference for the record is new information and links as usual.
create table donor_unlinks (
  reference_id text not null references donors(reference_id) on delete cascade,
  cross_reference text not null,
  unlinked_by uuid references users(id) on delete set null,
  unlinked_at timestamptz not null,
  primary key (reference_id, cross_reference)
);
