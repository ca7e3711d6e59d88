-- Sign-in codes (issue 25): past the account's failure ceiling a new device signs in only with a code mailed to
-- the owner. Kept as a keyed hash (HMAC), single use, short-lived, a few tries each; a newer code voids older ones.
create table login_codes (
  id uuid primary key,
  user_id uuid not null references users(id) on delete cascade,
  code_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index login_codes_user_idx on login_codes (user_id, created_at desc) where used_at is null;
