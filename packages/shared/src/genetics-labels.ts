/**
 * Words a parent reads for the gene-level carrier screening (issue 24): variant classes, each side's status and
 * each pairing outcome. Shared by the profile's own-screening form and the donor page's per-gene table.
 */
import type { PairingOutcome, SideStatus, VariantClass } from './genetics.ts';

export const VARIANT_CLASS_LABEL: { readonly [V in VariantClass]: string } = {
  pathogenic: 'Pathogenic variant',
  hbb_s: 'HbS (sickle cell)',
  hbb_c: 'HbC',
  hbb_e: 'HbE',
  hbb_beta0: 'β⁰-thalassemia',
  hbb_beta_plus: 'β⁺-thalassemia',
  hbb_beta_unspecified: 'β-thalassemia, type not stated',
  hbb_other: 'Another β-globin variant',
  hba_alpha0_cis: 'α⁰-thalassemia (two genes deleted together, --/αα)',
  hba_alpha_plus: 'α⁺-thalassemia (one gene missing, -α/αα)',
  hba_alpha_plus_homozygous: 'Two α⁺ deletions (-α/-α)',
  hba_unspecified: 'α-thalassemia, type not stated',
};

export const SIDE_STATUS_LABEL: { readonly [S in SideStatus]: string } = {
  carrier: 'Carrier',
  negative: 'Tested negative',
  untested: 'Not tested',
  not_relevant: 'Does not apply',
};

/** The "what it means" column's short heading per outcome (the sentence explains it). */
export const OUTCOME_LABEL: { readonly [O in PairingOutcome]: string } = {
  at_risk: 'At risk',
  reduced_risk: 'Both carriers, milder outcome',
  low_risk: 'Low risk',
  untested_parent: 'Unknown: you were not tested',
  untested_donor: 'Unknown: donor not tested',
  untested_both: 'Unknown: neither tested',
  not_applicable_x_linked_sperm: 'Decided by the egg provider',
  donor_finding: 'Donor finding',
  parent_finding: 'Your own finding',
};

/** Outcomes shown folded away under "Other genes": everything not at risk, not a finding and not untested. */
export const FOLDED_OUTCOMES: ReadonlySet<PairingOutcome> = new Set(['low_risk', 'not_applicable_x_linked_sperm']);
