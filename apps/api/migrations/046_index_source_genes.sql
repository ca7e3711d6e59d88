-- Issue 24 (ADR 023): the index source (migration 018) also carries the donor's per-gene results (record.genes) as
-- the gene tokens of packages/shared geneTokensOf, after the condition names, in the same two lists: tested `CFTR`,
-- `CFTR@0.95` (with the stated detection rate), `SMN1#2`, `SMN1#2+m`, `FMR1~intermediate`; found `CFTR`,
-- `HBB:hbb_s`. The engine's indexSourceOf is the definition; a test builds the index both ways. A generated column
-- may not hold a subquery, so the tokens come from two immutable SQL functions. The new fields the index never
-- reads (genes, carrier_panel_name) are left out of the source like carrier_screening.
create function kindred_gene_tested_tokens(genes jsonb) returns jsonb language sql immutable as $$
  select coalesce(jsonb_agg(t.token order by t.ord, t.sub), '[]'::jsonb) from (
    select e.ord, 0 as sub,
      case when jsonb_typeof(e.r->'detection_rate') = 'number' then (e.r->>'gene') || '@' || (e.r->>'detection_rate')
        else e.r->>'gene' end as token
    from jsonb_array_elements(case when jsonb_typeof(genes) = 'array' then genes else '[]'::jsonb end)
      with ordinality as e(r, ord)
    where (e.r->>'tested')::boolean
    union all
    select e.ord, 1, 'SMN1#' || (e.r->>'smn1_copies')
      || case when (e.r->>'smn1_silent_carrier_marker')::boolean then '+m' else '' end
    from jsonb_array_elements(case when jsonb_typeof(genes) = 'array' then genes else '[]'::jsonb end)
      with ordinality as e(r, ord)
    where (e.r->>'tested')::boolean and jsonb_typeof(e.r->'smn1_copies') = 'number'
    union all
    select e.ord, 2, 'FMR1~' || (e.r->>'fmr1_category')
    from jsonb_array_elements(case when jsonb_typeof(genes) = 'array' then genes else '[]'::jsonb end)
      with ordinality as e(r, ord)
    where (e.r->>'tested')::boolean and jsonb_typeof(e.r->'fmr1_category') = 'string'
  ) t
$$;

create function kindred_gene_found_tokens(genes jsonb) returns jsonb language sql immutable as $$
  select coalesce(jsonb_agg(
      case when coalesce(e.r->>'variant_class', 'pathogenic') = 'pathogenic' then e.r->>'gene'
        else (e.r->>'gene') || ':' || (e.r->>'variant_class') end
      order by e.ord), '[]'::jsonb)
  from jsonb_array_elements(case when jsonb_typeof(genes) = 'array' then genes else '[]'::jsonb end)
    with ordinality as e(r, ord)
  where (e.r->>'tested')::boolean and (e.r->>'carrier')::boolean
$$;

alter table donors drop column index_source;

alter table donors add column index_source jsonb generated always as (
  jsonb_set(
    jsonb_set(
      record - array['reference_id', 'bank_donor_id', 'bank_name', 'display_name', 'is_fictional', 'weight_lb',
        'blood_group', 'occupation', 'languages', 'family_medical_history', 'carrier_screening', 'personality',
        'interests', 'essay', 'avatar', 'genes', 'carrier_panel_name']::text[],
      '{carrier_tested}',
      jsonb_path_query_array(coalesce(record->'carrier_screening', '{}'),
        '$.keyvalue() ? (@.value.tested == true || @.value.carrier == true).key')
        || kindred_gene_tested_tokens(record->'genes')),
    '{carrier_found}',
    jsonb_path_query_array(coalesce(record->'carrier_screening', '{}'), '$.keyvalue() ? (@.value.carrier == true).key')
      || kindred_gene_found_tokens(record->'genes'))
) stored;

-- Dropped with the old column (migration 031).
create index donors_medical_update_idx on donors ((index_source->>'last_medical_update'), reference_id);
