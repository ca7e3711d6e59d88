-- Clinic appointments (issue 14, ADR 021): partner clinics, their clinicians, visit types and working hours, and
-- appointments that the database itself refuses to double-book.
--
-- Times: working hours and overrides are wall-clock times in the clinic's IANA time zone (clinics.time_zone);
-- free slots are computed from them on request, never stored. An appointment's instants are timestamptz.
create extension if not exists btree_gist;

create table clinics (
  id uuid primary key default gen_random_uuid(),
  -- The code donors carry as clinic_reference_id (e.g. 'CLN-NSC'); the booking payload's `clinic`.
  reference_id text not null unique,
  name text not null,
  address text not null,
  city text not null,
  state text not null,
  latitude double precision not null,
  longitude double precision not null,
  time_zone text not null,
  -- What the clinic offers: any of 'egg', 'sperm', 'surrogate', 'ivf'.
  specialties text[] not null default '{}',
  photo_url text,
  description text not null default '',
  phone_number text,
  email text,
  is_fictional boolean not null default false,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The partner banks a clinic works with (donors.bank_name); a clinic account imports donors for these.
create table clinic_banks (
  clinic_id uuid not null references clinics(id) on delete cascade,
  bank_name text not null,
  primary key (clinic_id, bank_name)
);
create index clinic_banks_bank_idx on clinic_banks (bank_name);

create table clinicians (
  id uuid primary key default gen_random_uuid(),
  clinic_id uuid not null references clinics(id) on delete cascade,
  name text not null,
  title text not null,
  languages text[] not null default '{English}',
  photo_url text,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create index clinicians_clinic_idx on clinicians (clinic_id);

create table visit_types (
  id uuid primary key default gen_random_uuid(),
  clinic_id uuid not null references clinics(id) on delete cascade,
  name text not null,
  -- Which search category it serves: 'egg', 'sperm', 'surrogate', 'ivf' or 'general'.
  category text not null check (category in ('egg', 'sperm', 'surrogate', 'ivf', 'general')),
  mode text not null check (mode in ('video', 'in_person')),
  duration_minutes integer not null check (duration_minutes between 5 and 480),
  buffer_before_minutes integer not null default 0 check (buffer_before_minutes between 0 and 240),
  buffer_after_minutes integer not null default 0 check (buffer_after_minutes between 0 and 240),
  min_notice_minutes integer not null default 1440 check (min_notice_minutes between 0 and 43200),
  horizon_days integer not null default 60 check (horizon_days between 1 and 365),
  -- A parent may cancel or reschedule up to this long before the start; later, they are told to call the clinic.
  change_notice_minutes integer not null default 1440 check (change_notice_minutes between 0 and 43200),
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create index visit_types_clinic_idx on visit_types (clinic_id);

-- Weekly hours per clinician: one row per working interval (a break is the gap between two rows of a day).
-- weekday: 1 = Monday … 7 = Sunday (ISO). Wall-clock times in the clinic's zone.
create table working_hours (
  id uuid primary key default gen_random_uuid(),
  clinician_id uuid not null references clinicians(id) on delete cascade,
  weekday smallint not null check (weekday between 1 and 7),
  start_time time not null,
  end_time time not null,
  check (start_time < end_time)
);
create index working_hours_clinician_idx on working_hours (clinician_id, weekday);

-- Date overrides per clinician: 'closed' removes the whole day (times null); 'extra' adds an interval that day.
create table schedule_overrides (
  id uuid primary key default gen_random_uuid(),
  clinician_id uuid not null references clinicians(id) on delete cascade,
  on_date date not null,
  kind text not null check (kind in ('closed', 'extra')),
  start_time time,
  end_time time,
  note text,
  check ((kind = 'closed' and start_time is null and end_time is null)
      or (kind = 'extra' and start_time is not null and end_time is not null and start_time < end_time))
);
create index schedule_overrides_clinician_idx on schedule_overrides (clinician_id, on_date);

-- Clinic staff accounts (role 'clinic') belong to one clinic.
alter table users add column clinic_id uuid references clinics(id) on delete set null;

-- Appointments: the existing table (the spec's fields) gains the slot it occupies.
-- status: held (10-minute hold while the form is filled) → pending → confirmed → completed | no_show;
-- cancelled by either side; expired (a hold that lapsed).
alter table appointments drop constraint if exists appointments_status_check;
alter table appointments
  add column clinic_id uuid references clinics(id) on delete set null,
  add column clinician_id uuid references clinicians(id) on delete set null,
  add column visit_type_id uuid references visit_types(id) on delete set null,
  add column starts_at timestamptz,
  add column ends_at timestamptz,
  -- The interval the clinician is busy: the visit plus its buffers. This is what may not overlap.
  add column block_start timestamptz,
  add column block_end timestamptz,
  add column hold_expires_at timestamptz,
  add column time_zone text,
  add column cancelled_by text check (cancelled_by in ('parent', 'clinic', 'system')),
  add column cancel_reason text,
  -- The iCalendar SEQUENCE: raised on every change the parent's calendar must follow.
  add column sequence integer not null default 0,
  add column shared_shortlist boolean not null default false,
  add column updated_at timestamptz not null default now();
alter table appointments add constraint appointments_status_check
  check (status in ('held', 'pending', 'confirmed', 'completed', 'no_show', 'cancelled', 'expired'));
alter table appointments add constraint appointments_block_check
  check (block_start is null or (block_end is not null and block_start < block_end));
-- No two live appointments of one clinician may overlap, buffers included. A lapsed hold is marked 'expired' in
-- the booking transaction before the insert, so it never blocks a slot past its 10 minutes.
alter table appointments add constraint appointments_no_overlap
  exclude using gist (clinician_id with =, tstzrange(block_start, block_end, '[)') with &&)
  where (status in ('held', 'pending', 'confirmed') and clinician_id is not null);
create index appointments_clinic_start_idx on appointments (clinic_id, starts_at);
create index appointments_due_idx on appointments (starts_at) where status in ('pending', 'confirmed');

-- What happened to an appointment, oldest first: booked, confirmed, rescheduled (from → to), cancelled, …
create table appointment_events (
  id bigint generated always as identity primary key,
  appointment_id uuid not null references appointments(id) on delete cascade,
  at timestamptz not null default now(),
  actor text not null check (actor in ('parent', 'clinic', 'system')),
  action text not null,
  from_starts_at timestamptz,
  to_starts_at timestamptz,
  reason text
);
create index appointment_events_appointment_idx on appointment_events (appointment_id, id);

-- Reminders sent, one row per appointment, kind and start time: the primary key makes each send happen once
-- across any number of instances (a rescheduled visit gets its reminders again for its new time).
create table appointment_reminders (
  appointment_id uuid not null references appointments(id) on delete cascade,
  kind text not null check (kind in ('24h', '2h')),
  starts_at timestamptz not null,
  sent_at timestamptz not null default now(),
  primary key (appointment_id, kind, starts_at)
);

-- Parents waiting for a freed slot at a clinic on a day (the clinic's local date).
create table appointment_waitlist (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  clinic_id uuid not null references clinics(id) on delete cascade,
  visit_type_id uuid references visit_types(id) on delete cascade,
  on_date date not null,
  created_at timestamptz not null default now(),
  offered_at timestamptz,
  unique (user_id, clinic_id, on_date)
);
create index appointment_waitlist_clinic_idx on appointment_waitlist (clinic_id, on_date, created_at);

-- A parent's rating of a clinic after a completed visit (one per appointment).
create table clinic_ratings (
  appointment_id uuid primary key references appointments(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  clinic_id uuid not null references clinics(id) on delete cascade,
  stars smallint not null check (stars between 1 and 5),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index clinic_ratings_clinic_idx on clinic_ratings (clinic_id);

-- Clinic staff invitations: an admin invites an address to a clinic; the link (token stored as SHA-256) sets the
-- password and activates the account.
create table clinic_invitations (
  id uuid primary key default gen_random_uuid(),
  clinic_id uuid not null references clinics(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  token_hash text not null unique,
  invited_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz
);
