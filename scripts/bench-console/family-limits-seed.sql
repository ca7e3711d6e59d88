-- Bench data for scripts/bench-console/family-limits.ts, on a bench database only (never a real one): 500 pairs of
-- linked records and 6,000 anonymous family reports (60 % confirmed, 35 % reported, 5 % withdrawn) spread over the
-- donors, then the stored counts as migration 105 backfills them. Refuses a database that has any report or link.
-- Usage: psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -f scripts/bench-console/family-limits-seed.sql
begin;
do $$
begin
  if exists (select 1 from family_reports) or exists (select 1 from donor_identities) then
    raise exception 'bench seed: this database already has family reports or links';
  end if;
end $$;
create temp table numbered on commit drop as
  select reference_id, row_number() over (order by md5(reference_id)) as n from donors;
insert into donor_identities (reference_id, person_id, linked_by, linked_at)
select reference_id, md5('person' || ((n + 1) / 2))::uuid, 'operator', now() from numbered where n <= 1000;
insert into family_reports (user_id, donor_reference_id, clinic_id, kind, status, created_at, updated_at, confirmed_at)
select null, nb.reference_id, null, 'birth',
  case when g % 20 = 0 then 'withdrawn' when g % 5 < 3 then 'confirmed' else 'reported' end, now(), now(), now()
from generate_series(1, 6000) g
join numbered nb on nb.n = 1 + (abs(hashtext(g::text)) % (select count(*) from numbered));
update donors d set family_confirmed = c.confirmed, family_reported = c.reported, family_linked_records = c.linked
from (
  with fam as (
    select coalesce(i.person_id::text, r.donor_reference_id) as person, coalesce(r.user_id::text, r.id::text) as family,
      bool_or(r.status = 'confirmed') as confirmed
    from family_reports r left join donor_identities i on i.reference_id = r.donor_reference_id
    where r.status <> 'withdrawn' group by 1, 2
  ), per_person as (
    select person, count(*) filter (where confirmed)::int as confirmed,
      count(*) filter (where not confirmed)::int as reported
    from fam group by person
  )
  select d.reference_id, coalesce(p.confirmed, 0) as confirmed, coalesce(p.reported, 0) as reported,
    case when i.person_id is null then 1
      else (select count(*) from donor_identities m where m.person_id = i.person_id)::int end as linked
  from donors d left join donor_identities i on i.reference_id = d.reference_id
  left join per_person p on p.person = coalesce(i.person_id::text, d.reference_id)
  where i.reference_id is not null or p.person is not null
) c
where d.reference_id = c.reference_id;
commit;
analyze donors;
