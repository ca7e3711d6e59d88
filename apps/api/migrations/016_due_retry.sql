-- A due subscription the renewal and expiry job could not handle (an error renewing or expiring it) waits until
-- this time before the job tries it again, so such rows never fill the job's batch ahead of rows it can handle.
alter table subscriptions add column due_retry_at timestamptz;
