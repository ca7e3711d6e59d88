-- Issue 25: clinics choose per visit type whether a request waits for their confirmation ('request', as before)
-- or is confirmed at once ('instant'); a request nobody confirmed is cancelled at its confirmation deadline
-- (`appointments.confirm_by`, set whenever a visit becomes pending; ADR 021 "Confirmation"), not at its start.
alter table visit_types
  add column confirmation text not null default 'request' check (confirmation in ('request', 'instant'));
alter table appointments add column confirm_by timestamptz;
-- Requests pending before this migration keep the old rule: they close at their start.
update appointments set confirm_by = starts_at where status = 'pending' and confirm_by is null;
create index appointments_pending_confirm_by_idx on appointments (confirm_by) where status = 'pending';
