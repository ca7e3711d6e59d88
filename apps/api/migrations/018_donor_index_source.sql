-- What the matching index reads of each donor (the engine's IndexSource, see packages/matching indexSourceOf),
-- kept by the database on every write: the record without the fields the index never reads, and the carrier
-- panel as two lists of condition names (with a result, found) instead of a 1.6 KB object. Loading the catalogue
-- at start reads this column alone, with no per-row JSON work on the server (100,000 donors in about a second
-- instead of four). jsonb_set, not jsonb_build_object, which is not immutable. A new indexed field is a new
-- migration replacing this column.
alter table donors add column index_source jsonb generated always as (
  jsonb_set(
    jsonb_set(
      record - array['reference_id', 'bank_donor_id', 'bank_name', 'display_name', 'is_fictional', 'weight_lb',
        'blood_group', 'occupation', 'languages', 'family_medical_history', 'carrier_screening', 'personality',
        'interests', 'essay', 'avatar']::text[],
      '{carrier_tested}',
      jsonb_path_query_array(coalesce(record->'carrier_screening', '{}'),
        '$.keyvalue() ? (@.value.tested == true || @.value.carrier == true).key')),
    '{carrier_found}',
    jsonb_path_query_array(coalesce(record->'carrier_screening', '{}'), '$.keyvalue() ? (@.value.carrier == true).key'))
) stored;
