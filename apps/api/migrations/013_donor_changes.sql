-- The catalogue version that last changed each donor: an instance that has applied version V reads only the
-- donors changed after it (catalogue_version > V) instead of reloading the whole catalogue. Writers take the
-- catalogue_state row lock first, so versions commit in order and none is skipped.
alter table donors add column catalogue_version bigint not null default 0;
create index donors_catalogue_version_idx on donors (catalogue_version);
