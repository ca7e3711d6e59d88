-- Issue 24: a parent's own carrier screening (the panel they had, the genes it covered or "I don't know", and the
-- genes where they carry something). Health data (ADR 019): saved only under the health-data consent, in the data
-- export, removed with the account (cascade). One row per parent; `screening` is the shared schema's shape
-- (packages/shared, parentScreeningSchema), validated on every write.
create table parent_carrier_screenings (
  user_id uuid primary key references users(id) on delete cascade,
  screening jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
