-- Accounts, sessions, password recovery, mail outbox.
create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  password_hash text not null,
  first_name text not null,
  last_name text not null,
  phone_number text not null,
  date_of_birth date not null,
  relationship_to_child text not null,
  highest_education text not null,
  race text not null,
  ethnicity text not null,
  role text not null default 'parent' check (role in ('parent', 'clinic', 'admin')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  password_changed_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

-- Refresh tokens are opaque; only their SHA-256 is stored. A family is one sign-in; reuse of a rotated token
-- revokes the whole family.
create table refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  family_id uuid not null,
  token_hash text not null unique,
  remember boolean not null default false,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  rotated_at timestamptz,
  revoked_at timestamptz
);
create index refresh_tokens_family_idx on refresh_tokens (family_id);
create index refresh_tokens_user_idx on refresh_tokens (user_id);

-- One row per code sent. The code is stored as an HMAC, never in plain text.
-- Unknown addresses get a row too (user_id null, a code nobody knows), so the flow behaves identically whether
-- or not an account exists. email_key is a keyed hash of the address, used only to void older codes.
create table password_resets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete cascade,
  email_key text not null,
  code_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  verified_at timestamptz,
  used_at timestamptz,
  superseded_at timestamptz
);
create index password_resets_email_idx on password_resets (email_key) where superseded_at is null and used_at is null;

create table mail_messages (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  transport text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  error text
);
create index mail_messages_created_idx on mail_messages (created_at desc);

create table appointments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  name text not null,
  email text not null,
  phone_number text,
  reason_for_consultation text not null,
  clinic text,
  donor_reference text,
  booking_date timestamptz,
  meeting_link text,
  status text not null default 'pending',
  created_at timestamptz not null default now()
);
create index appointments_user_idx on appointments (user_id, created_at desc);
