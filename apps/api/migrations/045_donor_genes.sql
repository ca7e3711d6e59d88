-- Issue 24 (ADR 023): every stored donor's carrier panel, kept by condition name in record.carrier_screening, is
-- also written per gene in record.genes ([{gene, tested, carrier, detection_rate, variant_class?, reported_as?,
-- fmr1_category?}], the engine's Donor.genes), exactly as packages/shared genesFromConditions reads it (a test
-- compares the two on generated donors): a gene is tested when any of its names was, a carrier when any of them
-- was; the class comes from the name (sickle cell → hbb_s, hemoglobin C → hbb_c, hemoglobin E → hbb_e), the most
-- severe when several names give one gene a class. A stored `thalassemia` does not say which gene: it becomes
-- both HBB (hbb_beta_unspecified) and HBA (hba_unspecified), which pair conservatively. carrier_screening itself is
-- kept as it was (nothing is lost; the donor page and old readers still see it). Donors that already have
-- genes (imported per gene) are left alone.
update donors d
set record = d.record || jsonb_build_object('genes', g.genes)
from (
  with map(alias, alias_ord, gene, gene_ord, cls, cls_rank) as (
    values
      ('cystic_fibrosis', 0, 'CFTR', 0, null, 99),
      ('fragile_x_syndrome', 1, 'FMR1', 1, null, 99),
      ('sickle_cell_disease', 2, 'HBB', 2, 'hbb_s', 0),
      ('tay_sachs_disease', 3, 'HEXA', 4, null, 99),
      ('thalassemia', 4, 'HBB', 2, 'hbb_beta_unspecified', 1),
      ('thalassemia', 4, 'HBA', 3, 'hba_unspecified', 5),
      ('turner_syndrome', 5, 'KARYOTYPE', 5, null, 99),
      ('wilson_disease', 6, 'ATP7B', 6, null, 99),
      ('spinal_muscular_atrophy', 7, 'SMN1', 7, null, 99),
      ('brca1_brca2', 8, 'BRCA1', 8, null, 99),
      ('brca1_brca2', 8, 'BRCA2', 9, null, 99),
      ('a1_antitrypsin_deficiency', 9, 'SERPINA1', 10, null, 99),
      ('hereditary_hemochromatosis', 10, 'HFE', 11, null, 99),
      ('congenital_adrenal_hyperplasia', 11, 'CYP21A2', 12, null, 99),
      ('galactosemia', 12, 'GALT', 13, null, 99),
      ('phenylketonuria', 13, 'PAH', 14, null, 99),
      ('canavan_disease', 14, 'ASPA', 15, null, 99),
      ('hemoglobin_c', 15, 'HBB', 2, 'hbb_c', 3),
      ('hemoglobin_e', 16, 'HBB', 2, 'hbb_e', 4),
      ('gaucher_disease', 17, 'GBA1', 16, null, 99),
      ('bloom_syndrome', 18, 'BLM', 17, null, 99),
      ('fanconi_anemia_group_c', 19, 'FANCC', 18, null, 99),
      ('glycogen_storage_disease_1a', 20, 'G6PC1', 19, null, 99),
      ('maple_syrup_urine_disease', 21, 'BCKDHA', 20, null, 99),
      ('maple_syrup_urine_disease', 21, 'BCKDHB', 21, null, 99),
      ('maple_syrup_urine_disease', 21, 'DBT', 22, null, 99),
      ('mucolipidosis_iv', 22, 'MCOLN1', 23, null, 99),
      ('niemann_pick_a', 23, 'SMPD1', 24, null, 99),
      ('alpha_thalassemia', 24, 'HBA', 3, 'hba_unspecified', 5),
      ('beta_thalassemia', 25, 'HBB', 2, 'hbb_beta_unspecified', 1)
  ),
  results as (
    select d.id, m.gene, m.gene_ord, m.alias, m.alias_ord, m.cls, m.cls_rank,
      coalesce((r.value->>'tested')::boolean, false) or coalesce((r.value->>'carrier')::boolean, false) as tested,
      coalesce((r.value->>'carrier')::boolean, false) as carrier
    from donors d
    cross join lateral jsonb_each(coalesce(d.record->'carrier_screening', '{}'::jsonb)) as r(key, value)
    join map m on m.alias = r.key
    where not (d.record ? 'genes')
  ),
  per_gene as (
    select id, gene, gene_ord, bool_or(tested) as tested, bool_or(carrier) as carrier,
      -- The class of the carrier result: the most severe name's (a named class beats none, then the first name).
      (array_agg(cls order by cls_rank, alias_ord) filter (where carrier))[1] as cls,
      (array_agg(alias order by cls_rank, alias_ord) filter (where carrier))[1] as reported_as
    from results group by id, gene, gene_ord
  )
  select d.id, coalesce(
    (select jsonb_agg(
        jsonb_build_object('gene', p.gene, 'tested', p.tested, 'carrier', p.carrier, 'detection_rate', null)
        || case when p.carrier then jsonb_build_object(
             'variant_class', coalesce(p.cls, 'pathogenic'), 'reported_as', p.reported_as) else '{}'::jsonb end
        || case when p.carrier and p.gene = 'FMR1' then jsonb_build_object('fmr1_category', 'premutation')
             else '{}'::jsonb end
        order by p.gene_ord)
     from per_gene p where p.id = d.id),
    '[]'::jsonb) as genes
  from donors d where not (d.record ? 'genes')
) g
where g.id = d.id;
