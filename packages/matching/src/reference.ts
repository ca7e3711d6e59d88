/**
 * The straightforward implementation: check every hard filter on every donor object, score every survivor,
 * sort them all, explain the requested page. It is the benchmark's baseline and the tests' oracle: the indexed
 * engine must return exactly what this returns. Hard filters here are written against the donor record itself,
 * independently of the bitsets, so the oracle also checks the index encoding.
 */
import {
  AVAILABILITY,
  CHRONIC_CONDITIONS,
  DONOR_TYPES,
  EDUCATION_LEVELS,
  rangeBounds,
} from '@kindred/shared/vocabulary';
import type { AgeRange, HeightRange } from '@kindred/shared/vocabulary';
import type { NormalizedPreferences, AttributePreference } from '@kindred/shared/preferences';
import { parentCarrier } from './carrier.ts';
import { ageOn, distanceCode, donorGeneResults, encodeDonor, heightCode, unitVector } from './codes.ts';
import type { DonorCodes } from './codes.ts';
import { pairGene } from './pairing.ts';
import type { SideResult } from './pairing.ts';
import { refusedChronicConditions, refines } from './filters.ts';
import { tieAvailability } from './index-build.ts';
import { buildMatch } from './match.ts';
import { DEFAULT_LIMIT } from './rank.ts';
import { UNKNOWN_DISTANCE_KEY, UNKNOWN_PRICE_KEY } from './scan.ts';
import { buildPlan, metCount, scoreCodes, shownTenths } from './score.ts';
import type { Plan } from './score.ts';
import { tieNote } from './ties.ts';
import { compareRanked } from './topk.ts';
import type { Donor, HardFilterId, RankOptions, RankResult, Refinement } from './types.ts';

type ReferenceOptions = {
  showFlagged?: boolean;
  asOf: string;
  relax?: readonly HardFilterId[];
  includeReserved?: boolean;
};

const fails = <T extends string>(pref: AttributePreference<T>, value: T | null) =>
  pref.dealbreaker && pref.values !== null && (value === null || !pref.values.includes(value));

const outside = (value: number, ranges: readonly (HeightRange | AgeRange)[] | null) =>
  ranges !== null &&
  !ranges.some((r) => {
    const [lo, hi] = rangeBounds(r);
    return value >= lo && value <= hi;
  });

/** Whether the donor is of the wanted type (not a relaxable filter). */
export const isWantedType = (donor: Donor, prefs: NormalizedPreferences) =>
  prefs.donorType === null || donor.donor_type === prefs.donorType;

/**
 * A checker for every hard filter, written directly against the donor record. Per-query work (which chronic
 * conditions are refused, which conditions the parent carries) is done once, as any sensible loop would.
 */
export function hardFilterCheck(prefs: NormalizedPreferences, options: ReferenceOptions): (d: Donor) => HardFilterId[] {
  const refused = refusedChronicConditions(prefs).map((k) => CHRONIC_CONDITIONS[k]);
  const parent = parentCarrier(prefs);
  const shared = options.showFlagged ? [] : parent.screen.carrier_of;
  // At risk, read from the donor's per-gene results with the pairing rules themselves (not the index's masks).
  const atRisk = (donor: Donor) => {
    const results = donorGeneResults(donor);
    return shared.some((f) => {
      const r = results.find((x) => x.gene === f.gene && x.tested);
      if (!r?.carrier) return false;
      const parentSide: SideResult = { status: 'carrier' };
      if (f.variant_class) parentSide.variant_class = f.variant_class;
      if (f.smn1_copies !== undefined) parentSide.smn1_copies = f.smn1_copies;
      const donorSide: SideResult = { status: 'carrier' };
      if (r.variant_class) donorSide.variant_class = r.variant_class;
      const type = donor.donor_type === 'egg' ? 'egg' : 'sperm';
      const ctx = { donorType: type, parentAncestry: 'pan_ethnic', donorAncestry: 'pan_ethnic' } as const;
      return pairGene(f.gene, parentSide, donorSide, ctx)?.outcome === 'at_risk';
    });
  };
  const relaxed = options.relax ?? [];
  const acceptable = options.includeReserved ? ['available', 'reserved'] : ['available'];
  return (donor) => {
    const out: HardFilterId[] = [];
    if (!acceptable.includes(donor.availability)) out.push('availability');
    if (donor.families_so_far >= donor.family_limit) out.push('family_limit');
    if (fails(prefs.race, donor.race)) out.push('race_dealbreaker');
    if (fails(prefs.ethnicity, donor.ethnicity)) out.push('ethnicity_dealbreaker');
    if (fails(prefs.hairColor, donor.hair_color)) out.push('hair_color_dealbreaker');
    if (fails(prefs.eyeColor, donor.eye_color)) out.push('eye_color_dealbreaker');
    if (prefs.height.dealbreaker && outside(heightCode(donor.height_in), prefs.height.values)) {
      out.push('height_dealbreaker');
    }
    if (prefs.age.dealbreaker && outside(ageOn(donor.date_of_birth, options.asOf), prefs.age.values)) {
      out.push('age_dealbreaker');
    }
    if (donor.chronic_conditions.some((c) => refused.includes(c))) out.push('chronic_conditions');
    if (donor.donor_type === 'surrogate') {
      const s = donor.surrogate;
      if (prefs.healthInsuranceRequired && !s?.health_insurance_covers_pregnancy) out.push('health_insurance');
      if (prefs.previousFullTermPregnancyRequired && !(s && s.previous_full_term_pregnancies >= 1)) {
        out.push('previous_pregnancy');
      }
      if (!prefs.pregnancyComplicationsOk && (!s || s.pregnancy_complications)) out.push('pregnancy_complications');
    }
    // A gestational surrogate gives no genes: carrier screening never excludes one.
    if (donor.donor_type !== 'surrogate' && atRisk(donor)) {
      out.push('carrier_high_risk');
    }
    return out.filter((id) => !relaxed.includes(id));
  };
}

/** Whether a donor record meets a results-page refinement (unstated values fail a bound on them). */
function meetsRefinement(donor: Donor, r: Refinement, age: number, km: number, cost: number | undefined): boolean {
  const height = heightCode(donor.height_in);
  const outsideBounds = (v: number, lo: number | undefined, hi: number | undefined) =>
    (lo !== undefined || hi !== undefined) && (v === 0 || v < (lo ?? 0) || v > (hi ?? Infinity));
  if (outsideBounds(age, r.ageMin, r.ageMax)) return false;
  if (outsideBounds(height, r.heightMin, r.heightMax)) return false;
  if (
    r.minEducation &&
    (donor.education === null || EDUCATION_LEVELS.indexOf(donor.education) < EDUCATION_LEVELS.indexOf(r.minEducation))
  )
    return false;
  if (r.disclosure && !r.disclosure.includes(donor.disclosure)) return false;
  if (r.maxCost !== undefined && (cost === undefined || cost > r.maxCost)) return false;
  return r.maxDistanceKm === undefined || (km >= 0 && km <= r.maxDistanceKm);
}

/** Every hard filter this donor object fails (a one-off convenience over `hardFilterCheck`). */
export function hardFilterFailures(
  donor: Donor,
  prefs: NormalizedPreferences,
  options: ReferenceOptions,
): HardFilterId[] {
  return hardFilterCheck(prefs, options)(donor);
}

/** Number of matching donors, by checking each donor object. */
export function countMatchesReference(
  donors: readonly Donor[],
  prefs: NormalizedPreferences,
  options: ReferenceOptions,
): number {
  const check = hardFilterCheck(prefs, options);
  let n = 0;
  for (const d of donors) if (isWantedType(d, prefs) && check(d).length === 0) n++;
  return n;
}

const byReferenceId = (a: Donor, b: Donor) =>
  a.reference_id < b.reference_id ? -1 : a.reference_id > b.reference_id ? 1 : 0;
const slotsLeft = (d: Donor) => Math.max(0, Math.min(255, d.family_limit - d.families_so_far));

/**
 * The static tie order, from the records: fresher medical update, available before reserved, more family slots
 * left, reference id. Returns each donor's rank in it.
 */
function tieRanks(donors: readonly Donor[]): Map<Donor, number> {
  const order = [...donors].sort(
    (a, b) =>
      (a.last_medical_update < b.last_medical_update ? 1 : a.last_medical_update > b.last_medical_update ? -1 : 0) ||
      tieAvailability(AVAILABILITY.indexOf(a.availability) + 1) -
        tieAvailability(AVAILABILITY.indexOf(b.availability) + 1) ||
      slotsLeft(b) - slotsLeft(a) ||
      byReferenceId(a, b),
  );
  return new Map(order.map((d, i) => [d, i]));
}

/** The ranking computed the obvious way: score every matching donor object, sort everything, explain a page. */
export function rankDonorsReference(
  donors: readonly Donor[],
  prefs: NormalizedPreferences,
  options: RankOptions & ReferenceOptions,
): RankResult {
  const plans = new Map<string, Plan>(DONOR_TYPES.map((t) => [t, buildPlan(prefs, t)]));
  const check = hardFilterCheck(prefs, { ...options, includeReserved: options.refine?.includeReserved });
  const ranks = tieRanks(donors);
  const sort = options.sort ?? 'score';
  const scored = [];
  let passing = 0;
  for (const donor of donors) {
    if (!isWantedType(donor, prefs) || check(donor).length > 0) continue;
    passing++;
    const codes = encodeDonor(donor, options.asOf);
    const plan = plans.get(donor.donor_type)!;
    const score = scoreCodes(plan, codes);
    const km = prefs.origin
      ? distanceCode(codes.x, codes.y, codes.z, unitVector(prefs.origin.lat, prefs.origin.lon))
      : -1;
    const cost = options.cost?.[donor.bank_name];
    if (refines(options.refine) && !meetsRefinement(donor, options.refine, codes.age, km, cost)) continue;
    const primary =
      sort === 'score'
        ? shownTenths(score)
        : sort === 'distance'
          ? km < 0
            ? UNKNOWN_DISTANCE_KEY
            : -km
          : sort === 'price'
            ? cost === undefined
              ? UNKNOWN_PRICE_KEY
              : -cost
            : codes.medical;
    scored.push({
      donor,
      codes,
      plan,
      id: 0,
      primary,
      secondary: sort === 'score' ? 0 : shownTenths(score),
      met: metCount(plan, codes),
      rank: ranks.get(donor)!,
      score,
    });
  }
  scored.sort(compareRanked);
  const ordered = scored.slice();
  const offset = options.offset ?? 0;
  const page = scored.slice(offset, offset + (options.limit ?? DEFAULT_LIMIT));
  const keys = (s: { primary: number; met: number; codes: DonorCodes } | undefined) =>
    s && {
      shown: s.primary,
      met: s.met,
      medical: s.codes.medical,
      availability: s.codes.availability,
      slots: s.codes.slots,
    };
  return {
    total: scored.length,
    passing,
    matches: page.map(({ donor, codes, plan, score }, i) => {
      const match = buildMatch({
        codes,
        plan,
        score,
        referenceId: donor.reference_id,
        clinicId: donor.clinic_reference_id,
      });
      if (sort === 'score') {
        const at = offset + i;
        match.tie_note = tieNote(keys(ordered[at - 1]), keys(ordered[at])!, keys(ordered[at + 1]));
      }
      return match;
    }),
  };
}
