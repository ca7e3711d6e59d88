/**
 * Carrier screening between a parent and a gamete donor, at gene level (issue 24, ADR 023; the rules are in
 * pairing.ts, written once). This module turns the parent's side into per-query masks the hot loop can use, and
 * assembles the per-gene report of a returned match:
 * - at risk: the donor carries a finding in an autosomal recessive gene the parent carries, or an HBB/HBA class
 *   that combines with the parent's into a serious disorder (HbS × β-thal…): excluded unless shown flagged;
 * - untested on the donor's side, and mild combinations (α⁺ × α⁺, HbC × HbC…): never a pass, cost credit;
 * - X-linked genes are decided by the egg provider; dominant and chromosomal findings are the donor's own.
 * Parents described only by the 24 condition names are read as a screen of unknown panel (aliases of genes).
 */
import {
  CONDITION_GENES,
  GENES,
  GENE_VARIANT_CLASSES,
  OUTCOME_ORDER,
  ancestrySchema,
  inheritanceOf,
  parentScreenFromConditions,
  parentScreenSchema,
} from '@kindred/shared/genetics';
import type { Ancestry, Gene, PairingReportEntry, ParentScreen, VariantClass } from '@kindred/shared/genetics';
import { DONOR_SIDE_CONDITIONS, GENETIC_CONDITIONS } from '@kindred/shared/vocabulary';
import type { CarrierStatus, DonorType, GeneticCondition } from '@kindred/shared/vocabulary';
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import { ANCESTRIES } from '@kindred/shared/genetics';
import {
  classBit,
  decode,
  defaultClass,
  fmr1CategoryOf,
  geneBit,
  popcount,
  smn1CopiesOf,
  variantClassOf,
} from './codes.ts';
import type { DonorCodes } from './codes.ts';
import { hbaPairing, hbbPairing, pairGene } from './pairing.ts';
import type { SideResult } from './pairing.ts';
import type { CarrierReportEntry } from './types.ts';

/** Key of the carrier factor's score table for a high-risk pairing; other keys count untested or mild genes. */
export const HIGH_RISK_KEY = 31;

/** Preferences with, optionally, the parent's own screen (issue 24); without it, the listed conditions are read. */
export type WithParentScreen = { parentScreen?: ParentScreen | null };

export type ParentCarrier = {
  screen: ParentScreen;
  ancestry: Ancestry;
  /** Every condition the parent listed (`user_genetic_conditions`), in vocabulary order. */
  listed: readonly GeneticCondition[];
  /** Autosomal recessive genes the parent carries: checked pairwise (GENES bits). */
  recessiveMask: number;
  recessiveCount: number;
  /** Donor findings in these genes are at risk (the parent's recessive genes but HBB and HBA, read by class). */
  riskGenes: number;
  /** Donor HBB/HBA class bits at risk with the parent's classes, and those that only make a mild combination. */
  riskClasses: number;
  reducedClasses: number;
  /** Genes the parent was tested for (panel genes and carrier genes). */
  testedMask: number;
  /** Finding class per gene the parent carries (undefined for genes without classes). */
  classes: ReadonlyMap<Gene, VariantClass | undefined>;
};

/** The parent's side of carrier screening for `prefs` (and the parent's own screen when the caller passes one). */
export function parentCarrier(prefs: NormalizedPreferences & WithParentScreen): ParentCarrier {
  const listed = GENETIC_CONDITIONS.filter((c) => prefs.geneticConditions.includes(c));
  const parsed = prefs.parentScreen ? parentScreenSchema.safeParse(prefs.parentScreen) : null;
  const screen = parsed?.success ? parsed.data : parentScreenFromConditions(listed);
  const ancestry = ancestrySchema.safeParse(screen.ancestry).data ?? 'pan_ethnic';
  let recessiveMask = 0;
  let riskGenes = 0;
  let riskClasses = 0;
  let reducedClasses = 0;
  let testedMask = screen.panel === 'unknown' ? 0 : screen.panel.genes_covered.reduce((m, g) => m | geneBit(g), 0);
  const classes = new Map<Gene, VariantClass | undefined>();
  for (const f of screen.carrier_of) {
    testedMask |= geneBit(f.gene);
    const cls = f.variant_class && f.variant_class !== 'pathogenic' ? f.variant_class : defaultClass(f.gene);
    classes.set(f.gene, cls);
    if (inheritanceOf(f.gene) !== 'autosomal_recessive') continue;
    recessiveMask |= geneBit(f.gene);
    if (f.gene === 'SMN1' && f.smn1_copies !== undefined && f.smn1_copies > 1) continue;
    if (f.gene === 'HBB' || f.gene === 'HBA') {
      for (const donorClass of GENE_VARIANT_CLASSES[f.gene]!) {
        const outcome = f.gene === 'HBB' ? hbbPairing(cls, donorClass) : hbaPairing(cls, donorClass).outcome;
        if (outcome === 'at_risk') riskClasses |= classBit(donorClass);
        else reducedClasses |= classBit(donorClass);
      }
    } else riskGenes |= geneBit(f.gene);
  }
  return {
    screen,
    ancestry,
    listed,
    recessiveMask: recessiveMask >>> 0,
    recessiveCount: popcount(recessiveMask >>> 0),
    riskGenes: riskGenes >>> 0,
    riskClasses: riskClasses >>> 0,
    reducedClasses: reducedClasses >>> 0,
    testedMask: testedMask >>> 0,
    classes,
  };
}

/** HIGH_RISK_KEY when the pairing is at risk, else how many of the parent's genes are untested or mild pairs. */
export function carrierKey(parent: ParentCarrier, tested: number, carrier: number, gClass: number): number {
  if (((carrier & parent.riskGenes) | (gClass & parent.riskClasses)) !== 0) return HIGH_RISK_KEY;
  return popcount(parent.recessiveMask & ~tested) + popcount(gClass & parent.reducedClasses);
}

/** True when the donor's findings put the pairing at risk (excluded unless shown flagged). */
export const isHighRisk = (parent: ParentCarrier, carrier: number, gClass: number) =>
  ((carrier & parent.riskGenes) | (gClass & parent.riskClasses)) !== 0;

function parentSide(parent: ParentCarrier, gene: Gene): SideResult {
  const finding = parent.screen.carrier_of.find((f) => f.gene === gene);
  if (finding) {
    const side: SideResult = { status: 'carrier' };
    const cls = parent.classes.get(gene);
    if (cls) side.variant_class = cls;
    if (finding.smn1_copies !== undefined) side.smn1_copies = finding.smn1_copies;
    if (finding.fmr1_category !== undefined) side.fmr1_category = finding.fmr1_category;
    return side;
  }
  return { status: (parent.testedMask & geneBit(gene)) !== 0 ? 'negative' : 'untested' };
}

function donorSide(codes: DonorCodes, gene: Gene): SideResult {
  const bit = geneBit(gene);
  if ((codes.tested & bit) === 0) return { status: 'untested' };
  const side: SideResult = { status: (codes.carrier & bit) !== 0 ? 'carrier' : 'negative' };
  const cls = side.status === 'carrier' ? variantClassOf(gene, codes.gClass) : undefined;
  if (cls) side.variant_class = cls;
  if (gene === 'SMN1') {
    const copies = smn1CopiesOf(codes.gClass);
    if (copies !== undefined) side.smn1_copies = copies;
  }
  if (gene === 'FMR1') {
    const category = fmr1CategoryOf(codes.gClass);
    if (category !== undefined) side.fmr1_category = category;
  }
  return side;
}

/**
 * The per-gene report for a gamete donor: every gene either side was tested for or carries, at-risk pairs first,
 * then findings, mild pairs, untested genes, the rest (OUTCOME_ORDER), genes in panel order within each.
 */
export function geneticsReport(parent: ParentCarrier, codes: DonorCodes, type: DonorType): PairingReportEntry[] {
  if (type === 'surrogate') return [];
  // Donors of a page mostly share a panel and its results: one report per distinct result for this parent, the
  // entries shared (plain data nobody writes to), the list the caller's own.
  let memo = reportMemo.get(parent);
  if (memo === undefined) reportMemo.set(parent, (memo = new Map()));
  const key = `${type}:${codes.tested}:${codes.carrier}:${codes.gClass}:${codes.ancestry}`;
  let report = memo.get(key);
  if (report === undefined) {
    report = buildGeneticsReport(parent, codes, type);
    if (memo.size >= REPORT_MEMO_MAX) memo.clear();
    memo.set(key, report);
  }
  return report.slice();
}

const REPORT_MEMO_MAX = 1024;
const reportMemo = new WeakMap<ParentCarrier, Map<string, readonly PairingReportEntry[]>>();

function buildGeneticsReport(
  parent: ParentCarrier,
  codes: DonorCodes,
  type: Exclude<DonorType, 'surrogate'>,
): PairingReportEntry[] {
  const relevant = parent.testedMask | codes.tested | codes.carrier;
  const ctx = {
    donorType: type,
    parentAncestry: parent.ancestry,
    donorAncestry: decode(codes.ancestry, ANCESTRIES) ?? 'pan_ethnic',
  };
  const out: PairingReportEntry[] = [];
  for (const gene of GENES) {
    if ((relevant & geneBit(gene)) === 0) continue;
    const e = pairGene(gene, parentSide(parent, gene), donorSide(codes, gene), ctx);
    if (e) out.push(e);
  }
  return out.sort((a, b) => OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome]);
}

/** A condition's status from its genes' entries: at risk, the donor's own finding, all clear, or unknown. */
function conditionStatus(entries: readonly PairingReportEntry[]): CarrierStatus | null {
  if (entries.length === 0) return null;
  if (entries.some((e) => e.outcome === 'at_risk')) return 'high_risk';
  if (entries.some((e) => e.outcome === 'donor_finding')) return 'donor_risk';
  return entries.every((e) => e.outcome === 'low_risk') ? 'compatible' : 'unknown';
}

const entriesOf = (report: readonly PairingReportEntry[], c: GeneticCondition) =>
  report.filter((e) => (CONDITION_GENES[c] as readonly Gene[]).includes(e.gene));

/**
 * The per-condition report (the earlier contract, kept for clients of `carrier_report`), derived from the genes:
 * the parent's conditions first, then donor-side conditions where the donor has a finding of their own.
 * "compatible" only when every gene of the condition is low risk with both sides tested.
 */
export function carrierReport(parent: ParentCarrier, report: readonly PairingReportEntry[]): CarrierReportEntry[] {
  const out: CarrierReportEntry[] = [];
  for (const condition of parent.listed) {
    const status = conditionStatus(entriesOf(report, condition)) ?? 'unknown';
    out.push({ condition, status });
  }
  for (const condition of DONOR_SIDE_CONDITIONS) {
    if (parent.listed.includes(condition)) continue;
    if (entriesOf(report, condition).some((e) => e.outcome === 'donor_finding'))
      out.push({ condition, status: 'donor_risk' });
  }
  return out;
}

/** The parent's conditions whose genes this donor was not tested for, where the donor's result would count. */
export const notTestedFor = (parent: ParentCarrier, report: readonly PairingReportEntry[]) =>
  parent.listed.filter((c) =>
    entriesOf(report, c).some((e) => e.outcome === 'untested_donor' || e.outcome === 'untested_both'),
  );
