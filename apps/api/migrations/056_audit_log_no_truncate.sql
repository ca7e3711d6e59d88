-- The audit log stays append-only against the application itself (issue 25). TRUNCATE fires no row triggers, so
-- a statement-level trigger refuses it. The purge's one permitted update (an erased id replaced by its pseudonym,
-- ADR 020) moves into a SECURITY DEFINER function, so the application's database role needs only SELECT and
-- INSERT on audit_log and EXECUTE on that function (README, "Database roles").
create function audit_log_no_truncate() returns trigger language plpgsql as $$ begin raise exception 'audit_log is append-only' using errcode = '42501'; end $$;

create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_no_truncate();

create function audit_log_pseudonymise(erased uuid, pseudonym uuid) returns void language plpgsql security definer set search_path = public, pg_temp as $$ begin perform set_config('kindred.audit_erasure', 'on', true); update audit_log set actor_id = pseudonym where actor_id = erased; update audit_log set target_id = pseudonym::text where target_id = erased::text; perform set_config('kindred.audit_erasure', 'off', true); end $$;
