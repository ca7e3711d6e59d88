-- Waitlist offers hold the freed time (issue 14, ADR 021). A time a live visit leaves is held for the first parent
-- waiting for that clinic's day (a 'held' appointment row of theirs, so the exclusion constraint keeps everyone
-- else off it), for 30 minutes; then it passes to the next waiting parent, and once nobody is left it is public.
-- waitlist_id marks such a hold (the entry it was offered to); offered_from the visit that freed the time (its
-- parent is never offered their own time back). A lapsed offer hold keeps blocking its time until the
-- waitlist-offers job passes it on (reads treat it as busy), so the public never sees it between two offers.
alter table appointments
  add column waitlist_id uuid references appointment_waitlist(id) on delete set null,
  add column offered_from uuid references appointments(id) on delete set null;
create index appointments_offer_due_idx on appointments (hold_expires_at)
  where status = 'held' and waitlist_id is not null;
