-- Issue 28 follow-up (ADR 026 addendum): saved-search alerts match with the parent's current carrier screen, read
-- from the genetics module at each run, so the copy an alert kept of the screen of the day is never read again.
-- It is health data kept twice for nothing: removed.
update search_alerts set preferences = preferences - 'parent_screen' where preferences ? 'parent_screen';
