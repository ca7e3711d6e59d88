-- The guard refuses an access token whose sign-in (its `sid`, the refresh-token family) was ended by a logout or a
-- reuse of a rotated refresh token: it asks whether the family has a revoked row, with the credential read it
-- already does on every request. This partial index holds only revoked rows, so that question is one probe of a
-- small index instead of a walk over every rotation of a live family (ADR 004, "Sessions").
create index refresh_tokens_revoked_family_idx on refresh_tokens (family_id) where revoked_at is not null;
