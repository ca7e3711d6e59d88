-- Issue 26, "start to healthy at 100k ≤ 3 s of CPU": the built matching index, kept as bytes (ADR 015 addendum).
-- A server that finds a snapshot its engine wrote (same `engine` hash of the engine's source) loads it and applies
-- only the donors changed after `catalogue_version`, instead of reading and encoding every donor's index source.
-- One row per engine build; a newer catalogue version replaces an older one. Derived data: losing it costs one slow
-- start, never a wrong answer (a snapshot that does not fit is ignored and the index is built from the rows).
create table catalogue_index_snapshots (
  engine text primary key,
  catalogue_version bigint not null,
  built_for_day date not null,
  donors integer not null,
  bytes bytea not null,
  written_at timestamptz not null
);
