-- Issue 28 follow-up (ADR 025 addendum): an unread safety notice sent again after 48 h comes back to the top of the
-- notification centre (ordered by when it was last sent), so the list's index follows that order.
create index notifications_user_recent_idx on notifications (user_id, (coalesce(resent_at, created_at)) desc, id desc);
drop index if exists notifications_user_idx;
