import { describe, expect, it } from 'vitest';
import {
  CONDITION_GENES,
  GENES,
  GENE_INFO,
  donorGeneResultSchema,
  donorGeneticsSchema,
  formatOneIn,
  geneTokensOf,
  resultsFromTokens,
  genesFromConditions,
  parentScreenFromConditions,
  parentScreenSchema,
} from './genetics.ts';
import { GENETIC_CONDITIONS } from './vocabulary.ts';

describe('gene-level carrier screening contract', () => {
  it('fits the engine’s 32-bit masks and maps every vocabulary condition to genes', () => {
    expect(GENES.length).toBeLessThanOrEqual(32);
    for (const c of GENETIC_CONDITIONS) expect(CONDITION_GENES[c].length).toBeGreaterThan(0);
    expect(GENE_INFO.FMR1.inheritance).toBe('x_linked');
    expect(GENE_INFO.KARYOTYPE.inheritance).toBe('chromosomal');
    expect(GENE_INFO.BRCA2.inheritance).toBe('autosomal_dominant');
  });

  it('tells α- from β-thalassemia, and puts sickle cell, HbC, HbE and β-thalassemia on HBB', () => {
    expect(CONDITION_GENES.alpha_thalassemia).toEqual(['HBA']);
    expect(CONDITION_GENES.beta_thalassemia).toEqual(['HBB']);
    for (const c of ['sickle_cell_disease', 'hemoglobin_c', 'hemoglobin_e'] as const)
      expect(CONDITION_GENES[c]).toEqual(['HBB']);
  });

  it('reads condition-name results as genes with their variant class', () => {
    const genes = genesFromConditions({
      sickle_cell_disease: { tested: true, carrier: false },
      hemoglobin_c: { tested: true, carrier: true },
      fragile_x_syndrome: { tested: false, carrier: false },
      thalassemia: { tested: true, carrier: false },
    });
    expect(genes).toEqual([
      { gene: 'FMR1', tested: false, carrier: false, detection_rate: null },
      {
        gene: 'HBB',
        tested: true,
        carrier: true,
        detection_rate: null,
        variant_class: 'hbb_c',
        reported_as: 'hemoglobin_c',
      },
      { gene: 'HBA', tested: true, carrier: false, detection_rate: null },
    ]);
    expect(parentScreenFromConditions(['sickle_cell_disease', 'fragile_x_syndrome'])).toEqual({
      panel: 'unknown',
      carrier_of: [
        { gene: 'FMR1', fmr1_category: 'premutation' },
        { gene: 'HBB', variant_class: 'hbb_s' },
      ],
    });
  });

  it('refuses results that contradict themselves', () => {
    const bad = [
      { gene: 'CFTR', tested: false, carrier: true },
      { gene: 'CFTR', tested: true, carrier: true, variant_class: 'hbb_s' },
      { gene: 'SMN1', tested: true, carrier: false, smn1_copies: 1 },
      { gene: 'SMN1', tested: true, carrier: true, smn1_copies: 2 },
      { gene: 'FMR1', tested: true, carrier: false, fmr1_category: 'premutation' },
      { gene: 'FMR1', tested: true, carrier: true, fmr1_category: 'premutation', fmr1_repeats: 30 },
      { gene: 'HBB', tested: true, carrier: false, detection_rate: 1.2 },
    ];
    for (const r of bad) expect(donorGeneResultSchema.safeParse(r).success, JSON.stringify(r)).toBe(false);
    expect(
      donorGeneResultSchema.parse({ gene: 'SMN1', tested: true, smn1_copies: 2, detection_rate: 0.95 }),
    ).toMatchObject({
      carrier: false,
      smn1_copies: 2,
    });
    expect(
      donorGeneticsSchema.safeParse({
        genes: [
          { gene: 'CFTR', tested: true },
          { gene: 'CFTR', tested: false },
        ],
      }).success,
    ).toBe(false);
  });

  it('takes a parent’s panel or "I don’t know", and only carrier genes the panel covered', () => {
    expect(
      parentScreenSchema.parse({ panel: 'unknown', carrier_of: [{ gene: 'HBB', variant_class: 'hbb_s' }] }).carrier_of,
    ).toHaveLength(1);
    expect(
      parentScreenSchema.safeParse({
        panel: { name: 'Horizon 27', genes_covered: ['CFTR'] },
        carrier_of: [{ gene: 'HBB' }],
      }).success,
    ).toBe(false);
    expect(parentScreenSchema.safeParse({ panel: { name: '', genes_covered: ['CFTR'] } }).success).toBe(false);
  });

  it('writes risks as "about 1 in N" or "not estimated"', () => {
    expect(formatOneIn(4)).toBe('about 1 in 4');
    expect(formatOneIn(2300)).toBe('about 1 in 2,300');
    expect(formatOneIn(null)).toBe('not estimated');
  });
});

describe('gene tokens', () => {
  it('round-trip every field the engine reads', () => {
    const results = donorGeneticsSchema.parse({
      genes: [
        { gene: 'CFTR', tested: true, detection_rate: 0.95 },
        { gene: 'HBB', tested: true, carrier: true, variant_class: 'hbb_s' },
        { gene: 'SMN1', tested: true, smn1_copies: 2, smn1_silent_carrier_marker: true },
        { gene: 'FMR1', tested: true, carrier: true, fmr1_category: 'premutation' },
        { gene: 'HEXA', tested: false },
      ],
    }).genes;
    const tokens = geneTokensOf(results);
    expect(tokens.found).toEqual(['HBB:hbb_s', 'FMR1']);
    expect(resultsFromTokens(tokens.tested, [...tokens.found, 'cystic_fibrosis'])).toEqual(
      GENES.flatMap((g) => results.filter((r) => r.gene === g && r.tested)),
    );
  });
});
