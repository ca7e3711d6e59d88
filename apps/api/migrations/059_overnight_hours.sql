-- Issue 25: working hours may cross midnight (a clinic open 20:00–02:00). An end at or before the start is on the
-- next day (ADR 021 "Night shifts"); only an interval of no length is refused.
alter table working_hours drop constraint working_hours_check;
alter table working_hours add constraint working_hours_check check (start_time <> end_time);
