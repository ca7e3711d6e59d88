-- Issue 25: new passwords need 12 characters (ASVS 2.1.1) and must not be on the breached list, but passwords set
-- under the spec's floor of 6 keep working. Each sign-in records whether the password it was given falls short of
-- today's rule, so the profile can ask its owner to choose a new one; setting a password clears it (ADR 004).
alter table users add column password_change_recommended boolean not null default false;
