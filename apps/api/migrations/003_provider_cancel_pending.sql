-- A replaced provider subscription must stop billing. The flag survives a failed provider call so the
-- scheduled job retries until the provider confirms.
alter table subscriptions add column provider_cancel_pending boolean not null default false;
create index subscriptions_cancel_pending_idx on subscriptions (id) where provider_cancel_pending;
