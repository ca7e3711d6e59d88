/**
 * The carrier pairing rules, written once (issue 24, ADR 023; domain notes, "Carrier screening"). One gene, the
 * parent's result and the donor's, in, one report entry out. Everything else (ranking key, exclusion, the
 * explanation) is derived from these rules or checked against them.
 *
 * - Autosomal recessive: at risk when both carry a pathogenic variant in the same gene. HBB variants pair with
 *   each other (HbS × HbC, HbS × β-thal, HbE × β-thal, HbC × β-thal, HbS × HbE…: serious sickling or thalassemia
 *   disorders); HbC × HbC, HbE × HbE and HbC × HbE give mild conditions (reduced risk, said so). HBA: α⁰ × α⁰ is
 *   Hb Bart's (at risk), α⁰ × α⁺ is HbH disease (at risk), α⁺ × α⁺ is trait only (reduced risk). An unstated class
 *   pairs as the severe one (β⁰, α⁰).
 * - X-linked: only the egg provider's result decides. With a sperm donor that is the parent; the donor's result
 *   never makes the pairing compatible or incompatible. With an egg donor, her finding is flagged for every parent.
 * - Dominant and chromosomal findings are the donor's own, shown as donor findings, never as a pairing.
 * - Untested on either side is never a pass. A negative result lowers the carrier probability, not to zero:
 *   residual = f·(1−d)/(1−f·d); AR risk = P(parent carrier) · P(donor carrier) · ¼.
 */
import { GENE_INFO } from '@kindred/shared/genetics';
import type {
  Ancestry,
  Fmr1Category,
  Gene,
  PairingOutcome,
  PairingReportEntry,
  PairingSentenceKey,
  PairingSide,
  ScreenMethod,
  SideStatus,
  VariantClass,
} from '@kindred/shared/genetics';
import { carrierFrequency, detectionRate, smn1Residual } from './carrier-frequencies.ts';

/** One side's result for a gene, as the rules read it. */
export type SideResult = {
  status: Exclude<SideStatus, 'not_relevant'>;
  variant_class?: VariantClass;
  smn1_copies?: number;
  fmr1_category?: Fmr1Category;
  /** The lab's stated detection rate for this result, when given. */
  detection_rate?: number | null;
  method?: ScreenMethod;
  reported_as?: PairingSide['reported_as'];
};

export type PairContext = {
  /** Which gamete the donor gives; surrogates get no report at all. */
  donorType: 'egg' | 'sperm';
  parentAncestry: Ancestry;
  donorAncestry: Ancestry;
};

const HBB_MILD = new Set<VariantClass>(['hbb_c', 'hbb_e']);

/** HBB classes in one person each: at risk unless both are HbC or HbE (HbCC, HbEE, HbCE are mild). */
export function hbbPairing(a: VariantClass | undefined, b: VariantClass | undefined): 'at_risk' | 'reduced_risk' {
  return a !== undefined && b !== undefined && HBB_MILD.has(a) && HBB_MILD.has(b) ? 'reduced_risk' : 'at_risk';
}

/** Number of α-globin genes a class leaves working on its two chromosomes' worth of risk (for the pairing). */
const isAlpha0 = (c: VariantClass | undefined) => c === undefined || c === 'hba_alpha0_cis' || c === 'hba_unspecified';

/**
 * HBA classes of the two people: α⁰ × α⁰ → Hb Bart's (1 in 4); α⁰ × α⁺ → HbH disease (1 in 4; 1 in 2 when the α⁺
 * side is homozygous, -α/-α); α⁺ × α⁺ → trait only.
 */
export function hbaPairing(
  a: VariantClass | undefined,
  b: VariantClass | undefined,
): { outcome: 'at_risk' | 'reduced_risk'; sentence: PairingSentenceKey; oneIn: number | null } {
  if (isAlpha0(a) && isAlpha0(b)) return { outcome: 'at_risk', sentence: 'hba_barts', oneIn: 4 };
  if (isAlpha0(a) || isAlpha0(b)) {
    const plus = isAlpha0(a) ? b : a;
    return { outcome: 'at_risk', sentence: 'hba_hbh', oneIn: plus === 'hba_alpha_plus_homozygous' ? 2 : 4 };
  }
  return { outcome: 'reduced_risk', sentence: 'hba_alpha_plus_pair', oneIn: null };
}

/** Residual carrier probability after a negative test: f·(1−d)/(1−f·d). */
export const residualCarrierProbability = (f: number, d: number) => (f * (1 - d)) / (1 - f * d);

/**
 * A probability as the N of "about 1 in N": whole numbers below 100, two significant figures above (1 in 2,300),
 * null for no estimate. A probability of 0 is no estimate either: a screen never proves zero.
 */
export function oneIn(p: number | null): number | null {
  if (p === null || !(p > 0)) return null;
  const n = 1 / p;
  if (n < 100) return Math.max(1, Math.round(n));
  const scale = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / scale) * scale;
}

/** The carrier probability of one side: 1 for a carrier, the residual after a negative, the prior if untested. */
export function carrierProbability(gene: Gene, side: SideResult, ancestry: Ancestry): number | null {
  if (side.status === 'carrier') return 1;
  if (gene === 'SMN1' && side.status === 'negative') {
    // A negative SMN1 screen is a copy number: 2 copies unless stated; the published figures are per copy number.
    return smn1Residual(side.smn1_copies ?? 2, ancestry);
  }
  const f = carrierFrequency(gene, ancestry);
  if (f === null) return null;
  if (side.status === 'untested') return f;
  const d = side.detection_rate ?? detectionRate(gene, ancestry, side.method);
  return d === null ? null : residualCarrierProbability(f, d);
}

function sideOf(gene: Gene, side: SideResult, ancestry: Ancestry, relevant = true): PairingSide {
  const out: PairingSide = {
    status: relevant ? side.status : 'not_relevant',
    carrier_probability: relevant ? carrierProbability(gene, side, ancestry) : null,
  };
  if (side.variant_class !== undefined && side.variant_class !== 'pathogenic') out.variant_class = side.variant_class;
  if (side.smn1_copies !== undefined) out.smn1_copies = side.smn1_copies;
  if (side.fmr1_category !== undefined) out.fmr1_category = side.fmr1_category;
  if (side.reported_as !== undefined) out.reported_as = side.reported_as;
  return out;
}

const entry = (
  gene: Gene,
  parent: PairingSide,
  donor: PairingSide,
  outcome: PairingOutcome,
  sentence: PairingSentenceKey,
  risk: number | null,
): PairingReportEntry => ({
  gene,
  inheritance: GENE_INFO[gene].inheritance,
  parent,
  donor,
  outcome,
  risk_one_in: risk,
  sentence,
});

const arRisk = (p: PairingSide, d: PairingSide) =>
  p.carrier_probability === null || d.carrier_probability === null
    ? null
    : oneIn(p.carrier_probability * d.carrier_probability * 0.25);

/**
 * The report entry of one gene for a parent and a gamete donor, or null when there is nothing to say (a dominant
 * or chromosomal gene without a donor finding).
 */
export function pairGene(
  gene: Gene,
  parentIn: SideResult,
  donorIn: SideResult,
  ctx: PairContext,
): PairingReportEntry | null {
  const inheritance = GENE_INFO[gene].inheritance;
  if (inheritance === 'autosomal_dominant' || inheritance === 'chromosomal') {
    if (donorIn.status !== 'carrier') return null;
    const parent = sideOf(gene, parentIn, ctx.parentAncestry, false);
    const donor = sideOf(gene, donorIn, ctx.donorAncestry);
    return inheritance === 'autosomal_dominant'
      ? entry(gene, parent, donor, 'donor_finding', 'dominant_donor_finding', 2)
      : entry(gene, parent, donor, 'donor_finding', 'chromosomal_donor_finding', null);
  }
  if (inheritance === 'x_linked') {
    if (ctx.donorType === 'sperm') {
      const parent = sideOf(gene, parentIn, ctx.parentAncestry);
      const donor = sideOf(gene, donorIn, ctx.donorAncestry, false);
      return parentIn.status === 'carrier' && parentIn.fmr1_category !== 'intermediate'
        ? entry(gene, parent, donor, 'parent_finding', 'x_linked_parent_carrier', null)
        : entry(gene, parent, donor, 'not_applicable_x_linked_sperm', 'x_linked_sperm_donor', null);
    }
    // An egg donor is the egg provider: her result alone decides, whatever the parent's.
    const parent = sideOf(gene, parentIn, ctx.parentAncestry, false);
    const donor = sideOf(gene, donorIn, ctx.donorAncestry);
    if (donorIn.status === 'untested') return entry(gene, parent, donor, 'untested_donor', 'untested_donor', null);
    if (donorIn.status === 'carrier')
      return entry(gene, parent, donor, 'donor_finding', 'x_linked_egg_donor_carrier', null);
    if (gene === 'FMR1' && donorIn.fmr1_category === 'intermediate')
      return entry(gene, parent, donor, 'low_risk', 'fmr1_intermediate', null);
    return entry(gene, parent, donor, 'low_risk', 'x_linked_egg_donor_negative', null);
  }

  const parent = sideOf(gene, parentIn, ctx.parentAncestry);
  const donor = sideOf(gene, donorIn, ctx.donorAncestry);
  const risk = arRisk(parent, donor);
  if (parentIn.status === 'untested' && donorIn.status === 'untested')
    return entry(gene, parent, donor, 'untested_both', 'untested_both', risk);
  if (parentIn.status === 'untested') return entry(gene, parent, donor, 'untested_parent', 'untested_parent', risk);
  if (donorIn.status === 'untested') return entry(gene, parent, donor, 'untested_donor', 'untested_donor', risk);
  if (parentIn.status === 'carrier' && donorIn.status === 'carrier') {
    if (gene === 'HBB') {
      const outcome = hbbPairing(parentIn.variant_class, donorIn.variant_class);
      return outcome === 'at_risk'
        ? entry(gene, parent, donor, 'at_risk', 'hbb_compound', 4)
        : entry(gene, parent, donor, 'reduced_risk', 'hbb_mild_compound', null);
    }
    if (gene === 'HBA') {
      const r = hbaPairing(parentIn.variant_class, donorIn.variant_class);
      return entry(gene, parent, donor, r.outcome, r.sentence, r.oneIn);
    }
    return entry(gene, parent, donor, 'at_risk', 'ar_both_carriers', 4);
  }
  const sentence: PairingSentenceKey =
    gene === 'SMN1' && donorIn.status === 'negative' && (donorIn.smn1_copies ?? 2) === 2
      ? 'smn1_two_copies'
      : 'residual_after_negative';
  return entry(gene, parent, donor, 'low_risk', sentence, risk);
}

/** Outcomes that may never be summarised as "compatible". */
export const NEVER_COMPATIBLE: ReadonlySet<PairingOutcome> = new Set([
  'at_risk',
  'reduced_risk',
  'untested_parent',
  'untested_donor',
  'untested_both',
  'not_applicable_x_linked_sperm',
  'parent_finding',
]);
