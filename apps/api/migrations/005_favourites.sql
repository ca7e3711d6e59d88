-- Donors a parent has starred on the matches screen. Only donors already revealed to the parent can be added
-- (checked by the service), so a favourite never discloses a donor the parent has not paid to see.
create table favourites (
  user_id uuid not null references users(id) on delete cascade,
  donor_id uuid not null references donors(id) on delete cascade,
  created_at timestamptz not null,
  primary key (user_id, donor_id)
);
