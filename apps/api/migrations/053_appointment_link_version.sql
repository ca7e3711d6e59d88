-- Issue 25 (ADR 021): the manage link signs the appointment's link version. Moving the visit or starting the
-- account's deletion raises it, so every link mailed before stops working (the new mail carries the new link).
alter table appointments add column link_version integer not null default 0;
-- The consent log records withdrawals made by an account's deletion (shortlist sharing ends when it starts).
alter table consent_events drop constraint if exists consent_events_source_check;
alter table consent_events add constraint consent_events_source_check
  check (source in ('wizard', 'profile', 'api', 'account_deletion'));
