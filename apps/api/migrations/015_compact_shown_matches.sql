-- What a parent was shown, stored compactly (ADR 016): a revealed donor keeps the score shown and a fingerprint of
-- the preference set it was ranked with; the explanation is recomputed by the engine from that set when the
-- detail view, the revealed list or the shortlist asks for it. A repeated search for the same list writes nothing.

-- Each distinct preference set a parent was shown matches under, once (not once per donor or per request).
create table shown_preferences (
  user_id uuid not null references users(id) on delete cascade,
  fingerprint text not null,
  -- The set as stored in fertility_profiles (raw, coordinates, normalised): read back through renormalize().
  preferences jsonb not null,
  created_at timestamptz not null,
  primary key (user_id, fingerprint)
);

alter table revealed_donors add column score numeric(4, 1);
alter table revealed_donors add column preferences_fp text;
alter table revealed_donors add foreign key (user_id, preferences_fp) references shown_preferences (user_id, fingerprint);

-- Rows written before: their score carried over, and their stored copy kept (legacy_match) until the donor is
-- shown again, when the row takes the compact form and the copy is dropped.
update revealed_donors set score = (match->>'overall_match_percentage')::numeric;
alter table revealed_donors rename column match to legacy_match;
alter table revealed_donors alter column legacy_match drop not null;
