/**
 * Pairwise carrier compatibility (domain notes, "Carrier screening"). For an autosomal recessive condition a
 * child is at risk only when both genetic parents carry it, so the check is the parent's own carrier conditions
 * against the donor's panel: both carry → high risk; donor not tested → unknown, never a pass; otherwise
 * compatible. X-linked, chromosomal and dominant conditions (fragile X, Turner, BRCA1/2) are risks from the
 * donor alone and are reported as `donor_risk` whether or not the parent listed them.
 */
import { DONOR_SIDE_CONDITIONS, GENETIC_CONDITIONS } from '@kindred/shared/vocabulary';
import type { CarrierStatus, GeneticCondition } from '@kindred/shared/vocabulary';
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import { DONOR_SIDE_MASK, conditionBit, maskOf, popcount } from './codes.ts';
import type { CarrierReportEntry } from './types.ts';

/** Key of the carrier factor's score table for a high-risk pairing; other keys count unknown conditions. */
export const HIGH_RISK_KEY = 31;

export type ParentCarrier = {
  /** Recessive conditions the parent carries: the ones checked pairwise. */
  recessiveMask: number;
  recessiveCount: number;
  /** Every condition the parent listed, donor-side ones included, in vocabulary order. */
  listed: readonly GeneticCondition[];
};

/** Which of the parent's listed conditions are checked pairwise (recessive ones) and which are donor-side. */
export function parentCarrier(prefs: NormalizedPreferences): ParentCarrier {
  const listed = GENETIC_CONDITIONS.filter((c) => prefs.geneticConditions.includes(c));
  const recessiveMask = (maskOf(listed) & ~DONOR_SIDE_MASK) >>> 0;
  return { recessiveMask, recessiveCount: popcount(recessiveMask), listed };
}

/** HIGH_RISK_KEY when donor and parent share a recessive condition, else how many of the parent's conditions
 * the donor was not tested for. */
export function carrierKey(parentMask: number, tested: number, carrier: number): number {
  if ((carrier & parentMask) !== 0) return HIGH_RISK_KEY;
  return popcount(parentMask & ~tested);
}

/** Status of one condition for this parent and donor, or null when there is nothing to report. */
export function conditionStatus(
  condition: GeneticCondition,
  parentListed: boolean,
  tested: number,
  carrier: number,
): CarrierStatus | null {
  const bit = conditionBit(condition);
  const donorSide = (DONOR_SIDE_CONDITIONS as readonly string[]).includes(condition);
  if (donorSide && (carrier & bit) !== 0) return 'donor_risk';
  if (!parentListed) return null;
  if ((tested & bit) === 0) return 'unknown';
  return (carrier & bit) !== 0 ? 'high_risk' : 'compatible';
}

/** The per-condition report attached to every match: the parent's conditions first, then donor-side risks. */
export function carrierReport(parent: ParentCarrier, tested: number, carrier: number): CarrierReportEntry[] {
  const report: CarrierReportEntry[] = [];
  for (const condition of parent.listed) {
    const status = conditionStatus(condition, true, tested, carrier);
    if (status) report.push({ condition, status });
  }
  for (const condition of DONOR_SIDE_CONDITIONS) {
    if (parent.listed.includes(condition)) continue;
    const status = conditionStatus(condition, false, tested, carrier);
    if (status) report.push({ condition, status });
  }
  return report;
}

/** True when the donor shares a recessive carrier condition with the parent (excluded unless shown flagged). */
export const isHighRisk = (parent: ParentCarrier, carrier: number) => (carrier & parent.recessiveMask) !== 0;
