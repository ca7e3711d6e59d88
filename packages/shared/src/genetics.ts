/**
 * Carrier screening at gene level (issue 24, ADR 023): the panel as genes with their inheritance, a donor's
 * per-gene results, a parent's own screen, and the per-gene pairing report the engine and the API return.
 * The 24 condition values of the vocabulary (GENETIC_CONDITIONS) stay valid as aliases of their genes, and the
 * checklist's "Alpha thalassemia" / "Beta thalassemia" finally name different genes (HBA1/HBA2 and HBB).
 *
 * This module is a contract shared by the engine (packages/matching), the API (imports, persistence, routes) and
 * the web. Change it additively only.
 */
import { z } from 'zod';
import type { GeneticCondition } from './vocabulary.ts';

// ---------------------------------------------------------------------------------------------------------------
// Genes and inheritance
// ---------------------------------------------------------------------------------------------------------------

export const INHERITANCE = ['autosomal_recessive', 'x_linked', 'autosomal_dominant', 'chromosomal'] as const;
export type Inheritance = (typeof INHERITANCE)[number];
export const inheritanceSchema = z.enum(INHERITANCE);

/**
 * Genes on the panel, by HGNC symbol. `HBA` stands for the α-globin pair HBA1/HBA2 (α-thalassemia is read from
 * both genes together); `KARYOTYPE` is the chromosomal finding (Turner syndrome and other aneuploidies or
 * rearrangements), not a gene. Order is fixed: the engine uses the position as a bit in 32-bit masks, so append
 * only and never beyond 32 entries without widening the engine's masks.
 */
export const GENES = [
  'CFTR',
  'FMR1',
  'HBB',
  'HBA',
  'HEXA',
  'KARYOTYPE',
  'ATP7B',
  'SMN1',
  'BRCA1',
  'BRCA2',
  'SERPINA1',
  'HFE',
  'CYP21A2',
  'GALT',
  'PAH',
  'ASPA',
  'GBA1',
  'BLM',
  'FANCC',
  'G6PC1',
  'BCKDHA',
  'BCKDHB',
  'DBT',
  'MCOLN1',
  'SMPD1',
  'DMD',
  'GJB2',
] as const;
export type Gene = (typeof GENES)[number];
export const geneSchema = z.enum(GENES);

export type GeneInfo = {
  gene: Gene;
  /** How the gene is written for people ("HBA1/HBA2", "Chromosomes (karyotype)"). */
  label: string;
  inheritance: Inheritance;
  /** The condition a parent reads, in sentence case. */
  condition: string;
};

/** Inheritance and display names of every gene; a record so a new gene cannot be forgotten here. */
export const GENE_INFO: { readonly [G in Gene]: GeneInfo } = {
  CFTR: { gene: 'CFTR', label: 'CFTR', inheritance: 'autosomal_recessive', condition: 'Cystic fibrosis' },
  FMR1: { gene: 'FMR1', label: 'FMR1', inheritance: 'x_linked', condition: 'Fragile X syndrome' },
  HBB: {
    gene: 'HBB',
    label: 'HBB',
    inheritance: 'autosomal_recessive',
    condition: 'Sickle cell disease, β-thalassemia and other β-globin disorders (HbC, HbE)',
  },
  HBA: { gene: 'HBA', label: 'HBA1/HBA2', inheritance: 'autosomal_recessive', condition: 'α-thalassemia' },
  HEXA: { gene: 'HEXA', label: 'HEXA', inheritance: 'autosomal_recessive', condition: 'Tay-Sachs disease' },
  KARYOTYPE: {
    gene: 'KARYOTYPE',
    label: 'Chromosomes (karyotype)',
    inheritance: 'chromosomal',
    condition: 'Chromosomal differences such as Turner syndrome',
  },
  ATP7B: { gene: 'ATP7B', label: 'ATP7B', inheritance: 'autosomal_recessive', condition: 'Wilson disease' },
  SMN1: { gene: 'SMN1', label: 'SMN1', inheritance: 'autosomal_recessive', condition: 'Spinal muscular atrophy' },
  BRCA1: {
    gene: 'BRCA1',
    label: 'BRCA1',
    inheritance: 'autosomal_dominant',
    condition: 'Hereditary breast and ovarian cancer',
  },
  BRCA2: {
    gene: 'BRCA2',
    label: 'BRCA2',
    inheritance: 'autosomal_dominant',
    condition: 'Hereditary breast and ovarian cancer',
  },
  SERPINA1: {
    gene: 'SERPINA1',
    label: 'SERPINA1',
    inheritance: 'autosomal_recessive',
    condition: 'Alpha-1 antitrypsin deficiency',
  },
  HFE: { gene: 'HFE', label: 'HFE', inheritance: 'autosomal_recessive', condition: 'Hereditary hemochromatosis' },
  CYP21A2: {
    gene: 'CYP21A2',
    label: 'CYP21A2',
    inheritance: 'autosomal_recessive',
    condition: 'Congenital adrenal hyperplasia',
  },
  GALT: { gene: 'GALT', label: 'GALT', inheritance: 'autosomal_recessive', condition: 'Galactosemia' },
  PAH: { gene: 'PAH', label: 'PAH', inheritance: 'autosomal_recessive', condition: 'Phenylketonuria' },
  ASPA: { gene: 'ASPA', label: 'ASPA', inheritance: 'autosomal_recessive', condition: 'Canavan disease' },
  GBA1: { gene: 'GBA1', label: 'GBA1', inheritance: 'autosomal_recessive', condition: 'Gaucher disease' },
  BLM: { gene: 'BLM', label: 'BLM', inheritance: 'autosomal_recessive', condition: 'Bloom syndrome' },
  FANCC: { gene: 'FANCC', label: 'FANCC', inheritance: 'autosomal_recessive', condition: 'Fanconi anemia group C' },
  G6PC1: {
    gene: 'G6PC1',
    label: 'G6PC1',
    inheritance: 'autosomal_recessive',
    condition: 'Glycogen storage disease type 1a',
  },
  BCKDHA: {
    gene: 'BCKDHA',
    label: 'BCKDHA',
    inheritance: 'autosomal_recessive',
    condition: 'Maple syrup urine disease',
  },
  BCKDHB: {
    gene: 'BCKDHB',
    label: 'BCKDHB',
    inheritance: 'autosomal_recessive',
    condition: 'Maple syrup urine disease',
  },
  DBT: { gene: 'DBT', label: 'DBT', inheritance: 'autosomal_recessive', condition: 'Maple syrup urine disease' },
  MCOLN1: { gene: 'MCOLN1', label: 'MCOLN1', inheritance: 'autosomal_recessive', condition: 'Mucolipidosis IV' },
  SMPD1: {
    gene: 'SMPD1',
    label: 'SMPD1',
    inheritance: 'autosomal_recessive',
    condition: 'Niemann-Pick disease type A',
  },
  DMD: { gene: 'DMD', label: 'DMD', inheritance: 'x_linked', condition: 'Duchenne and Becker muscular dystrophy' },
  GJB2: { gene: 'GJB2', label: 'GJB2', inheritance: 'autosomal_recessive', condition: 'GJB2-related hearing loss' },
};

export const inheritanceOf = (gene: Gene): Inheritance => GENE_INFO[gene].inheritance;

// ---------------------------------------------------------------------------------------------------------------
// Condition names as aliases of genes
// ---------------------------------------------------------------------------------------------------------------

/**
 * Condition names the checklist and old imports use, and the genes each stands for. Keys are the 24 vocabulary
 * values plus the checklist's `alpha_thalassemia` and `beta_thalassemia`, which name different genes. A result
 * given by a condition name that stands for several genes (`thalassemia`, maple syrup urine disease, BRCA1/BRCA2)
 * applies to each of them; a carrier result then says which name it came from (`reported_as`) because the gene
 * was not stated. Conservative on purpose: an unstated thalassemia pairs with both HBB and HBA carriers.
 */
export const CONDITION_GENES = {
  cystic_fibrosis: ['CFTR'],
  fragile_x_syndrome: ['FMR1'],
  sickle_cell_disease: ['HBB'],
  tay_sachs_disease: ['HEXA'],
  thalassemia: ['HBB', 'HBA'],
  turner_syndrome: ['KARYOTYPE'],
  wilson_disease: ['ATP7B'],
  spinal_muscular_atrophy: ['SMN1'],
  brca1_brca2: ['BRCA1', 'BRCA2'],
  a1_antitrypsin_deficiency: ['SERPINA1'],
  hereditary_hemochromatosis: ['HFE'],
  congenital_adrenal_hyperplasia: ['CYP21A2'],
  galactosemia: ['GALT'],
  phenylketonuria: ['PAH'],
  canavan_disease: ['ASPA'],
  hemoglobin_c: ['HBB'],
  hemoglobin_e: ['HBB'],
  gaucher_disease: ['GBA1'],
  bloom_syndrome: ['BLM'],
  fanconi_anemia_group_c: ['FANCC'],
  glycogen_storage_disease_1a: ['G6PC1'],
  maple_syrup_urine_disease: ['BCKDHA', 'BCKDHB', 'DBT'],
  mucolipidosis_iv: ['MCOLN1'],
  niemann_pick_a: ['SMPD1'],
  alpha_thalassemia: ['HBA'],
  beta_thalassemia: ['HBB'],
} as const satisfies Record<GeneticCondition | 'alpha_thalassemia' | 'beta_thalassemia', readonly Gene[]>;
export type ConditionAlias = keyof typeof CONDITION_GENES;
export const CONDITION_ALIASES = Object.keys(CONDITION_GENES) as ConditionAlias[];
export const conditionAliasSchema = z.enum(CONDITION_ALIASES as [ConditionAlias, ...ConditionAlias[]]);

/**
 * The variant class a carrier result under a condition name implies, where that name says it (sickle cell → HbS).
 * Names that do not say it give the `unspecified` class of the gene, which pairs conservatively.
 */
export const CONDITION_VARIANT_CLASS: Partial<Record<ConditionAlias, Partial<Record<Gene, VariantClass>>>> = {
  sickle_cell_disease: { HBB: 'hbb_s' },
  hemoglobin_c: { HBB: 'hbb_c' },
  hemoglobin_e: { HBB: 'hbb_e' },
  beta_thalassemia: { HBB: 'hbb_beta_unspecified' },
  alpha_thalassemia: { HBA: 'hba_unspecified' },
  thalassemia: { HBB: 'hbb_beta_unspecified', HBA: 'hba_unspecified' },
};

// ---------------------------------------------------------------------------------------------------------------
// Findings
// ---------------------------------------------------------------------------------------------------------------

/**
 * Pathogenic variant classes where the class changes the pairing. Genes not listed here have one class,
 * `pathogenic`. HBB: HbS, HbC, HbE, β⁰ and β⁺ thalassemia, β-thalassemia of unstated type (pairs as β⁰), another
 * pathogenic β-globin variant (HbD-Punjab, HbO-Arab…: pairs as at risk with any HBB variant, a counsellor
 * decides). HBA: α⁰ (two genes deleted in cis, --/αα), α⁺ (one gene, -α/αα), homozygous α⁺ (-α/-α, two genes
 * lost in trans), unstated type (pairs as α⁰).
 */
export const VARIANT_CLASSES = [
  'pathogenic',
  'hbb_s',
  'hbb_c',
  'hbb_e',
  'hbb_beta0',
  'hbb_beta_plus',
  'hbb_beta_unspecified',
  'hbb_other',
  'hba_alpha0_cis',
  'hba_alpha_plus',
  'hba_alpha_plus_homozygous',
  'hba_unspecified',
] as const;
export type VariantClass = (typeof VARIANT_CLASSES)[number];
export const variantClassSchema = z.enum(VARIANT_CLASSES);

/** Which variant classes a carrier result in a gene may give; `pathogenic` for every gene not listed. */
export const GENE_VARIANT_CLASSES: Partial<Record<Gene, readonly VariantClass[]>> = {
  HBB: ['hbb_s', 'hbb_c', 'hbb_e', 'hbb_beta0', 'hbb_beta_plus', 'hbb_beta_unspecified', 'hbb_other'],
  HBA: ['hba_alpha0_cis', 'hba_alpha_plus', 'hba_alpha_plus_homozygous', 'hba_unspecified'],
};
export const variantClassesOf = (gene: Gene): readonly VariantClass[] => GENE_VARIANT_CLASSES[gene] ?? ['pathogenic'];

/**
 * FMR1 CGG repeat categories (ACMG technical standard for fragile X testing): normal < 45, intermediate 45–54,
 * premutation 55–200, full mutation > 200. A premutation or full mutation in an egg provider is the finding; an
 * intermediate allele is reported but is not a carrier result.
 */
export const FMR1_CATEGORIES = ['normal', 'intermediate', 'premutation', 'full_mutation'] as const;
export type Fmr1Category = (typeof FMR1_CATEGORIES)[number];
export const fmr1CategorySchema = z.enum(FMR1_CATEGORIES);
export const fmr1CategoryOfRepeats = (repeats: number): Fmr1Category =>
  repeats < 45 ? 'normal' : repeats <= 54 ? 'intermediate' : repeats <= 200 ? 'premutation' : 'full_mutation';

/** Test methods, where a result states one (the detection rate depends on it). */
export const SCREEN_METHODS = [
  'targeted_genotyping',
  'sequencing',
  'sequencing_with_deletion_analysis',
  'hemoglobin_analysis',
  'copy_number_analysis',
  'repeat_sizing',
  'karyotype',
  'enzyme_assay',
] as const;
export type ScreenMethod = (typeof SCREEN_METHODS)[number];
export const screenMethodSchema = z.enum(SCREEN_METHODS);

const detectionRate = z.number().gt(0).max(1);

/**
 * One gene of a donor's screen. `tested: false` means the gene was not on the donor's panel: unknown, never a
 * pass. A tested gene is `carrier: true` when a pathogenic variant (or, for dominant and chromosomal entries, a
 * finding) was reported. `detection_rate` is the method's detection rate as the lab states it (0–1), or null
 * when not stated (the engine then uses the data table's figure for the gene, or says "not estimated").
 * SMN1: `smn1_copies` is the SMN1 copy number; 1 copy (or 0) is a carrier, 2 copies is a negative result that
 * still leaves a residual risk (a "2+0" silent carrier), 3 or more lower still; `smn1_silent_carrier_marker` is
 * the g.27134T>G result where reported. FMR1: `fmr1_category` (and `fmr1_repeats`, the larger allele, where
 * reported); premutation and full mutation are carrier results.
 */
export const donorGeneResultSchema = z
  .object({
    gene: geneSchema,
    tested: z.boolean(),
    carrier: z.boolean().default(false),
    variant_class: variantClassSchema.optional(),
    detection_rate: detectionRate.nullable().default(null),
    method: screenMethodSchema.optional(),
    smn1_copies: z.number().int().min(0).max(6).optional(),
    smn1_silent_carrier_marker: z.boolean().optional(),
    fmr1_category: fmr1CategorySchema.optional(),
    fmr1_repeats: z.number().int().min(1).max(2000).optional(),
    /** The condition name the result was given under, when it came from an alias rather than a gene. */
    reported_as: conditionAliasSchema.optional(),
  })
  .superRefine((r, ctx) => checkGeneResult(r, ctx, true));

export type DonorGeneResult = z.output<typeof donorGeneResultSchema>;
export type DonorGeneResultInput = z.input<typeof donorGeneResultSchema>;

/** A donor's whole screen: one entry per gene (genes not listed were not tested). */
export const donorGeneticsSchema = z
  .object({
    /** The panel's name as the bank gave it ("Natera Horizon 274"), if given. */
    panel_name: z.string().trim().min(1).max(200).nullable().default(null),
    genes: z.array(donorGeneResultSchema).max(GENES.length),
  })
  .superRefine((s, ctx) => uniqueGenes(s.genes, ctx, 'genes'));
export type DonorGenetics = z.output<typeof donorGeneticsSchema>;

/** One gene where the parent carries something (their own screen). */
export const parentGeneFindingSchema = z
  .object({
    gene: geneSchema,
    variant_class: variantClassSchema.optional(),
    smn1_copies: z.number().int().min(0).max(1).optional(),
    fmr1_category: z.enum(['intermediate', 'premutation', 'full_mutation']).optional(),
    fmr1_repeats: z.number().int().min(1).max(2000).optional(),
  })
  .superRefine((r, ctx) => checkGeneResult({ ...r, tested: true, carrier: true }, ctx, false));
export type ParentGeneFinding = z.output<typeof parentGeneFindingSchema>;

/**
 * Ancestry groups of the published carrier-frequency tables. A parent may state theirs; a donor's is read from
 * race and ethnicity (`ancestryOfDonor`); everything else uses the pan-ethnic figure.
 */
export const ANCESTRIES = [
  'pan_ethnic',
  'african',
  'ashkenazi_jewish',
  'east_asian',
  'european',
  'hispanic',
  'middle_eastern',
  'south_asian',
  'southeast_asian',
  /** "Asian" without East, South or Southeast, as US lab tables and the donor vocabulary write it. */
  'asian',
] as const;
export type Ancestry = (typeof ANCESTRIES)[number];
export const ancestrySchema = z.enum(ANCESTRIES);

/** The ancestry group for a donor's stated race and ethnicity; Hispanic ethnicity first, then race. */
export function ancestryOfDonor(race: string | null | undefined, ethnicity: string | null | undefined): Ancestry {
  if (ethnicity === 'hispanic_latino') return 'hispanic';
  if (race === 'black_african') return 'african';
  if (race === 'white') return 'european';
  // "asian" in the vocabulary does not say East, South or Southeast Asian; the tables' broad "Asian" row fits it.
  if (race === 'asian') return 'asian';
  return 'pan_ethnic';
}

/**
 * A parent's own carrier screen. `panel` is the screen they had: its name as free text and the genes it covered,
 * or `unknown` ("I don't know"). `carrier_of` lists the genes where they carry something, with the variant class
 * where it matters. With an unknown panel, only the genes in `carrier_of` count as tested; every other gene is
 * untested on the parent's side. `ancestry` (optional) picks the carrier frequency used for the parent's
 * residual risk; without it the pan-ethnic figure is used.
 */
export const parentScreenSchema = z
  .object({
    panel: z.union([
      z.literal('unknown'),
      z.object({
        name: z.string().trim().min(1).max(200),
        genes_covered: z.array(geneSchema).min(1).max(GENES.length),
      }),
    ]),
    carrier_of: z.array(parentGeneFindingSchema).max(GENES.length).default([]),
    ancestry: ancestrySchema.optional(),
  })
  .superRefine((s, ctx) => {
    uniqueGenes(s.carrier_of, ctx, 'carrier_of');
    if (s.panel !== 'unknown') {
      if (new Set(s.panel.genes_covered).size !== s.panel.genes_covered.length)
        ctx.addIssue({ code: 'custom', path: ['panel', 'genes_covered'], message: 'List each gene once.' });
      const covered = new Set<string>(s.panel.genes_covered);
      s.carrier_of.forEach((f, i) => {
        if (!covered.has(f.gene))
          ctx.addIssue({
            code: 'custom',
            path: ['carrier_of', i, 'gene'],
            message: `${GENE_INFO[f.gene].label} is not among the genes your panel covered.`,
          });
      });
    }
  });
export type ParentScreen = z.output<typeof parentScreenSchema>;
export type ParentScreenInput = z.input<typeof parentScreenSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The pairing report
// ---------------------------------------------------------------------------------------------------------------

/**
 * Outcome of one gene for one parent and one donor (ADR 023):
 * - `at_risk`: both carry a pathogenic variant in the same gene, or HBB/HBA classes that combine into a serious
 *   disorder (HbS × HbC, HbS × β-thal, HbE × β-thal, α⁰ × α⁰…): about 1 in 4 per pregnancy.
 * - `reduced_risk`: both carry, but the combination gives a mild condition or a trait (α⁺ × α⁺, HbC × HbC,
 *   HbE × HbE…): said so, never "compatible".
 * - `low_risk`: both tested and at most one carries; the residual risk is shown as "about 1 in N".
 * - `untested_parent` / `untested_donor` / `untested_both`: unknown, never a pass.
 * - `not_applicable_x_linked_sperm`: an X-linked gene and a sperm donor; the egg provider's status decides.
 * - `donor_finding`: a finding from the donor alone (dominant, chromosomal, or an X-linked finding in an egg
 *   donor such as an FMR1 premutation), shown to every parent, never a pairing.
 * - `parent_finding`: an X-linked finding in a parent who provides the egg (with a sperm donor): the risk is the
 *   parent's own, whichever donor they choose.
 */
export const PAIRING_OUTCOMES = [
  'at_risk',
  'reduced_risk',
  'low_risk',
  'untested_parent',
  'untested_donor',
  'untested_both',
  'not_applicable_x_linked_sperm',
  'donor_finding',
  'parent_finding',
] as const;
export type PairingOutcome = (typeof PAIRING_OUTCOMES)[number];
export const pairingOutcomeSchema = z.enum(PAIRING_OUTCOMES);

/** Order of the per-gene table: at-risk pairs first, then untested on one side, then the rest. */
export const OUTCOME_ORDER: { readonly [O in PairingOutcome]: number } = {
  at_risk: 0,
  donor_finding: 1,
  parent_finding: 2,
  reduced_risk: 3,
  untested_donor: 4,
  untested_parent: 5,
  untested_both: 6,
  low_risk: 7,
  not_applicable_x_linked_sperm: 8,
};

/** One side's status for a gene in the report. */
export const SIDE_STATUSES = ['carrier', 'negative', 'untested', 'not_relevant'] as const;
export type SideStatus = (typeof SIDE_STATUSES)[number];
export const sideStatusSchema = z.enum(SIDE_STATUSES);

export const pairingSideSchema = z.object({
  status: sideStatusSchema,
  variant_class: variantClassSchema.optional(),
  smn1_copies: z.number().int().min(0).max(6).optional(),
  fmr1_category: fmr1CategorySchema.optional(),
  /** Probability this side carries a pathogenic variant after the result (1 for a carrier; the residual
   * probability after a negative result; the prior for an untested side), or null when not estimated. */
  carrier_probability: z.number().min(0).max(1).nullable(),
  /** The condition name the result was given under, when not a gene. */
  reported_as: conditionAliasSchema.optional(),
});
export type PairingSide = z.output<typeof pairingSideSchema>;

/** Keys of the one explanatory sentence per gene; texts in GENETICS_SENTENCES. */
export const PAIRING_SENTENCE_KEYS = [
  'ar_both_carriers',
  'hbb_compound',
  'hbb_mild_compound',
  'hba_barts',
  'hba_hbh',
  'hba_alpha_plus_pair',
  'smn1_two_copies',
  'residual_after_negative',
  'untested_parent',
  'untested_donor',
  'untested_both',
  'x_linked_sperm_donor',
  'x_linked_parent_carrier',
  'x_linked_egg_donor_carrier',
  'x_linked_egg_donor_negative',
  'fmr1_intermediate',
  'dominant_donor_finding',
  'chromosomal_donor_finding',
] as const;
export type PairingSentenceKey = (typeof PAIRING_SENTENCE_KEYS)[number];
export const pairingSentenceKeySchema = z.enum(PAIRING_SENTENCE_KEYS);

/** One sentence per key, in the words a parent reads. `{gene}` and `{condition}` are filled in by the caller. */
export const GENETICS_SENTENCES: { readonly [K in PairingSentenceKey]: string } = {
  ar_both_carriers:
    'You and this donor both carry a variant in {gene}: each pregnancy has about a 1 in 4 chance of {condition}.',
  hbb_compound:
    'Your HBB variant and this donor’s can combine into a serious sickle cell or ' +
    'thalassemia disorder: about a 1 in 4 chance per pregnancy.',
  hbb_mild_compound:
    'You both carry an HBB variant, but this combination usually causes a ' +
    'mild condition; a genetic counsellor can explain it.',
  hba_barts:
    'You both carry α⁰-thalassemia (two genes deleted on one chromosome): ' +
    'about a 1 in 4 chance of Hb Bart’s hydrops fetalis.',
  hba_hbh:
    'One of you carries α⁰- and the other α⁺-thalassemia: a pregnancy can inherit HbH disease, a moderate anaemia.',
  hba_alpha_plus_pair:
    'You both carry α⁺-thalassemia (one gene missing): a child could have α-thalassemia trait, which is low risk.',
  smn1_two_copies:
    'Two SMN1 copies make this donor unlikely to be a carrier, but not ' +
    'impossible: both copies can sit on one chromosome.',
  residual_after_negative:
    'A negative screen lowers the chance of being a carrier but does not remove it; this is the remaining risk.',
  untested_parent: 'You were not tested for {gene}, so the risk is unknown.',
  untested_donor: 'This donor was not tested for {gene}, so the risk is unknown.',
  untested_both: 'Neither you nor this donor was tested for {gene}, so the risk is unknown.',
  x_linked_sperm_donor:
    '{condition} is X-linked: the egg provider’s result decides the ' +
    'risk, so a sperm donor’s result does not change it.',
  x_linked_parent_carrier:
    'You carry a variant in {gene}, which is X-linked: the risk comes from your side whichever sperm donor you choose.',
  x_linked_egg_donor_carrier:
    'This egg donor carries a variant in {gene}, which is X-linked: a ' +
    'child could be affected whatever your own result.',
  x_linked_egg_donor_negative: 'This egg donor tested negative for {gene}, which is X-linked.',
  fmr1_intermediate:
    'This donor has an intermediate FMR1 allele: not a premutation, and it ' +
    'does not expand to a full mutation in one generation.',
  dominant_donor_finding:
    'This donor carries a variant in {gene} that is passed on in a ' +
    'dominant way: about a 1 in 2 chance a child inherits it.',
  chromosomal_donor_finding: 'This donor’s screen reported a chromosomal finding; a genetic counsellor can explain it.',
};

/** Said once under the per-gene table. */
export const GENETICS_ESTIMATE_NOTE =
  'Risks are estimates from published carrier frequencies and test detection rates; ' +
  'a genetic counsellor confirms them.';
/** Shown instead of "about 1 in N" when a figure is not known. */
export const NOT_ESTIMATED = 'not estimated';

/**
 * One gene of the report attached to a match. `risk_one_in` is the chance of an affected pregnancy written as
 * "about 1 in N" (N rounded, see `formatOneIn`), or null when not estimated (no published figure, untested side,
 * donor-only finding).
 */
export const pairingReportEntrySchema = z.object({
  gene: geneSchema,
  inheritance: inheritanceSchema,
  parent: pairingSideSchema,
  donor: pairingSideSchema,
  outcome: pairingOutcomeSchema,
  risk_one_in: z.number().int().positive().nullable(),
  sentence: pairingSentenceKeySchema,
});
export type PairingReportEntry = z.output<typeof pairingReportEntrySchema>;

/** "about 1 in 4", "about 1 in 2,300", or "not estimated". */
export function formatOneIn(oneIn: number | null): string {
  if (oneIn === null) return NOT_ESTIMATED;
  return `about 1 in ${oneIn.toLocaleString('en-US')}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Validation helpers
// ---------------------------------------------------------------------------------------------------------------

type ResultLike = {
  gene: Gene;
  tested: boolean;
  carrier: boolean;
  variant_class?: VariantClass | undefined;
  smn1_copies?: number | undefined;
  smn1_silent_carrier_marker?: boolean | undefined;
  fmr1_category?: Fmr1Category | undefined;
  fmr1_repeats?: number | undefined;
};

function checkGeneResult(r: ResultLike, ctx: z.RefinementCtx, donor: boolean): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const label = GENE_INFO[r.gene].label;
  if (!r.tested) {
    if (r.carrier) issue('carrier', 'An untested gene cannot have a carrier result.');
    for (const k of ['variant_class', 'smn1_copies', 'fmr1_category', 'fmr1_repeats'] as const)
      if (r[k] !== undefined) issue(k, 'An untested gene has no result.');
    return;
  }
  if (r.variant_class !== undefined) {
    if (!r.carrier) issue('variant_class', 'A variant class is given only for a carrier result.');
    else if (!variantClassesOf(r.gene).includes(r.variant_class))
      issue('variant_class', `${r.variant_class} is not a variant class of ${label}.`);
  }
  if (r.gene !== 'SMN1' && (r.smn1_copies !== undefined || r.smn1_silent_carrier_marker !== undefined))
    issue('smn1_copies', 'SMN1 copy number is given only for SMN1.');
  if (r.gene === 'SMN1' && r.smn1_copies !== undefined && r.carrier !== r.smn1_copies <= 1)
    issue('carrier', 'One SMN1 copy (or none) is a carrier result; two or more is not.');
  if (r.gene !== 'FMR1' && (r.fmr1_category !== undefined || r.fmr1_repeats !== undefined))
    issue('fmr1_category', 'A repeat category is given only for FMR1.');
  if (r.gene === 'FMR1') {
    const category =
      r.fmr1_category ?? (r.fmr1_repeats !== undefined ? fmr1CategoryOfRepeats(r.fmr1_repeats) : undefined);
    if (
      r.fmr1_category !== undefined &&
      r.fmr1_repeats !== undefined &&
      fmr1CategoryOfRepeats(r.fmr1_repeats) !== r.fmr1_category
    )
      issue('fmr1_repeats', 'The repeat count does not fall in the category given.');
    if (donor && category !== undefined && r.carrier !== (category === 'premutation' || category === 'full_mutation'))
      issue('carrier', 'An FMR1 premutation or full mutation is a carrier result; normal and intermediate are not.');
  }
}

function uniqueGenes(list: readonly { gene: Gene }[], ctx: z.RefinementCtx, path: string): void {
  const seen = new Set<Gene>();
  list.forEach((r, i) => {
    if (seen.has(r.gene)) ctx.addIssue({ code: 'custom', path: [path, i, 'gene'], message: 'List each gene once.' });
    seen.add(r.gene);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Condition names → genes
// ---------------------------------------------------------------------------------------------------------------

/** When two condition names give one gene different classes (HbS and HbC both reported), the more severe wins. */
const CLASS_PRECEDENCE: readonly VariantClass[] = [
  'hbb_s',
  'hbb_beta_unspecified',
  'hbb_beta0',
  'hbb_c',
  'hbb_e',
  'hba_unspecified',
  'hba_alpha0_cis',
];

/**
 * A donor's results given by condition name (the import's and stored donors' `carrier_screening`) as per-gene
 * results. A gene is tested when any of its names was tested, and a carrier when any of them was a carrier; the
 * class comes from the name (`CONDITION_VARIANT_CLASS`). Genes no name covers are left out (untested).
 */
export function genesFromConditions(
  screening: Partial<Record<ConditionAlias, { tested: boolean; carrier: boolean }>>,
): DonorGeneResult[] {
  const byGene = new Map<Gene, DonorGeneResult>();
  for (const alias of CONDITION_ALIASES) {
    const result = screening[alias];
    if (!result) continue;
    for (const gene of CONDITION_GENES[alias] as readonly Gene[]) {
      const entry = byGene.get(gene) ?? { gene, tested: false, carrier: false, detection_rate: null };
      entry.tested ||= result.tested || result.carrier;
      if (result.carrier) {
        const cls = CONDITION_VARIANT_CLASS[alias]?.[gene];
        const before = entry.variant_class;
        if (!entry.carrier || (cls && (!before || CLASS_PRECEDENCE.indexOf(cls) < CLASS_PRECEDENCE.indexOf(before)))) {
          if (cls) entry.variant_class = cls;
          else if (variantClassesOf(gene).includes('pathogenic')) entry.variant_class = 'pathogenic';
          entry.reported_as = alias;
        }
        entry.carrier = true;
        if (gene === 'FMR1' && entry.fmr1_category === undefined) entry.fmr1_category = 'premutation';
      }
      byGene.set(gene, entry);
    }
  }
  return GENES.filter((g) => byGene.has(g)).map((g) => byGene.get(g)!);
}

/**
 * The parent's carrier conditions as the wizard stores them (`user_genetic_conditions`, their own known carrier
 * conditions) as a parent screen: panel unknown, a finding for every gene the names stand for.
 */
export function parentScreenFromConditions(conditions: readonly string[]): ParentScreen {
  const carrier_of: ParentGeneFinding[] = [];
  const seen = new Map<Gene, ParentGeneFinding>();
  for (const alias of CONDITION_ALIASES) {
    if (!conditions.includes(alias)) continue;
    for (const gene of CONDITION_GENES[alias] as readonly Gene[]) {
      const cls = CONDITION_VARIANT_CLASS[alias]?.[gene];
      const found = seen.get(gene);
      if (found) {
        if (cls && found.variant_class && CLASS_PRECEDENCE.indexOf(cls) < CLASS_PRECEDENCE.indexOf(found.variant_class))
          found.variant_class = cls;
        continue;
      }
      const finding: ParentGeneFinding = { gene };
      if (cls) finding.variant_class = cls;
      if (gene === 'FMR1') finding.fmr1_category = 'premutation';
      seen.set(gene, finding);
      carrier_of.push(finding);
    }
  }
  return { panel: 'unknown', carrier_of };
}

// ---------------------------------------------------------------------------------------------------------------
// Compact tokens (the engine's index source)
// ---------------------------------------------------------------------------------------------------------------

/**
 * Per-gene results as two string lists, the form the engine's `IndexSource` keeps (`carrier_tested`,
 * `carrier_found`) beside the condition names it already holds: gene symbols are upper case, condition names
 * lower case, so they never collide. Tested: `CFTR`, with the detection rate `CFTR@0.95` where stated, `SMN1#2`
 * for the SMN1 copy number, `SMN1#2+m` when the silent-carrier marker was found, `FMR1~intermediate` for the repeat
 * category. Found: `CFTR`, `HBB:hbb_s`, `FMR1~premutation`.
 */
export function geneTokensOf(results: readonly DonorGeneResult[]): { tested: string[]; found: string[] } {
  const tested: string[] = [];
  const found: string[] = [];
  for (const r of results) {
    if (!r.tested) continue;
    tested.push(r.detection_rate === null ? r.gene : `${r.gene}@${r.detection_rate}`);
    if (r.smn1_copies !== undefined) tested.push(`SMN1#${r.smn1_copies}${r.smn1_silent_carrier_marker ? '+m' : ''}`);
    if (r.fmr1_category !== undefined) tested.push(`FMR1~${r.fmr1_category}`);
    if (r.carrier)
      found.push(r.variant_class && r.variant_class !== 'pathogenic' ? `${r.gene}:${r.variant_class}` : r.gene);
  }
  return { tested, found };
}

const GENE_SET = new Set<string>(GENES);
const CLASS_SET = new Set<string>(VARIANT_CLASSES);
const FMR1_SET = new Set<string>(FMR1_CATEGORIES);

/** The per-gene results of token lists (`geneTokensOf`); condition names and unknown tokens are ignored. */
export function resultsFromTokens(
  tested: readonly string[] | null,
  found: readonly string[] | null,
): DonorGeneResult[] {
  const byGene = new Map<Gene, DonorGeneResult>();
  const entry = (gene: Gene) => {
    let e = byGene.get(gene);
    if (!e) byGene.set(gene, (e = { gene, tested: true, carrier: false, detection_rate: null }));
    return e;
  };
  for (const token of tested ?? []) {
    const smn = /^SMN1#(\d)(\+m)?$/.exec(token);
    if (smn) {
      const e = entry('SMN1');
      e.smn1_copies = Number(smn[1]);
      if (smn[2]) e.smn1_silent_carrier_marker = true;
      continue;
    }
    const fmr = /^FMR1~(\w+)$/.exec(token);
    if (fmr) {
      if (FMR1_SET.has(fmr[1]!)) entry('FMR1').fmr1_category = fmr[1] as Fmr1Category;
      continue;
    }
    const [gene, rate] = token.split('@');
    if (!GENE_SET.has(gene!)) continue;
    const e = entry(gene as Gene);
    const d = Number(rate);
    if (rate !== undefined && d > 0 && d <= 1) e.detection_rate = d;
  }
  for (const token of found ?? []) {
    const [gene, cls] = token.split(':');
    if (!GENE_SET.has(gene!)) continue;
    const e = entry(gene as Gene);
    e.carrier = true;
    if (cls && CLASS_SET.has(cls)) e.variant_class = cls as VariantClass;
  }
  return GENES.filter((g) => byGene.has(g)).map((g) => byGene.get(g)!);
}
