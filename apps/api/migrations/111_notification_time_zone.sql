-- Issue 28 follow-up (ADR 025 addendum): the daily digest goes at 07:00 in the parent's own time zone.
-- users.time_zone: an IANA name the browser reports (Intl) once signed in; null is UTC.
alter table users add column time_zone text;

-- The local day of each user's last digest: at most one digest per user and local day, whichever instance runs it
-- (the row is claimed with an upsert that only moves the day forward).
create table notification_digest_days (
  user_id uuid primary key references users(id) on delete cascade,
  local_day date not null
);
