/**
 * The straightforward implementation: check every hard filter on every donor object, score every survivor,
 * sort them all, explain the requested page. It is the benchmark's baseline and the tests' oracle: the indexed
 * engine must return exactly what this returns. Hard filters here are written against the donor record itself,
 * independently of the bitsets, so the oracle also checks the index encoding.
 */
import { CHRONIC_CONDITIONS, DONOR_TYPES, rangeBounds } from '@kindred/shared/vocabulary';
import type { AgeRange, HeightRange } from '@kindred/shared/vocabulary';
import type { NormalizedPreferences, AttributePreference } from '@kindred/shared/preferences';
import { parentCarrier } from './carrier.ts';
import { ageOn, conditionBit, encodeDonor, heightCode } from './codes.ts';
import { refusedChronicConditions } from './filters.ts';
import { buildMatch } from './match.ts';
import { DEFAULT_LIMIT } from './rank.ts';
import { buildPlan, scoreCodes } from './score.ts';
import type { Plan } from './score.ts';
import type { Donor, HardFilterId, RankOptions, RankResult } from './types.ts';

type ReferenceOptions = { showFlagged?: boolean; asOf: string };

const fails = <T extends string>(pref: AttributePreference<T>, value: T | null) =>
  pref.dealbreaker && pref.values !== null && (value === null || !pref.values.includes(value));

const outside = (value: number, ranges: readonly (HeightRange | AgeRange)[] | null) => ranges !== null &&
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
export function hardFilterCheck(prefs: NormalizedPreferences,
  options: ReferenceOptions): (d: Donor) => HardFilterId[] {
  const refused = refusedChronicConditions(prefs).map((k) => CHRONIC_CONDITIONS[k]);
  const parent = parentCarrier(prefs);
  const shared = options.showFlagged ? []
    : parent.listed.filter((c) => (conditionBit(c) & parent.recessiveMask) !== 0);
  return (donor) => {
    const out: HardFilterId[] = [];
    if (donor.availability !== 'available') out.push('availability');
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
    if (shared.some((c) => donor.carrier_screening[c]?.carrier === true)) out.push('carrier_high_risk');
    return out;
  };
}

/** Every hard filter this donor object fails (a one-off convenience over `hardFilterCheck`). */
export function hardFilterFailures(donor: Donor, prefs: NormalizedPreferences,
  options: ReferenceOptions): HardFilterId[] {
  return hardFilterCheck(prefs, options)(donor);
}

/** Number of matching donors, by checking each donor object. */
export function countMatchesReference(donors: readonly Donor[], prefs: NormalizedPreferences,
  options: ReferenceOptions): number {
  const check = hardFilterCheck(prefs, options);
  let n = 0;
  for (const d of donors) if (isWantedType(d, prefs) && check(d).length === 0) n++;
  return n;
}

/** The ranking computed the obvious way: score every matching donor object, sort everything, explain a page. */
export function rankDonorsReference(donors: readonly Donor[], prefs: NormalizedPreferences,
  options: RankOptions & ReferenceOptions): RankResult {
  const plans = new Map<string, Plan>(DONOR_TYPES.map((t) => [t, buildPlan(prefs, t)]));
  const check = hardFilterCheck(prefs, options);
  const scored = [];
  for (const donor of donors) {
    if (!isWantedType(donor, prefs) || check(donor).length > 0) continue;
    const codes = encodeDonor(donor, options.asOf);
    const plan = plans.get(donor.donor_type)!;
    scored.push({ donor, codes, plan, score: scoreCodes(plan, codes) });
  }
  scored.sort((a, b) => b.score - a.score ||
    (a.donor.reference_id < b.donor.reference_id ? -1 : a.donor.reference_id > b.donor.reference_id ? 1 : 0));
  const offset = options.offset ?? 0;
  const page = scored.slice(offset, offset + (options.limit ?? DEFAULT_LIMIT));
  return {
    total: scored.length,
    matches: page.map(({ donor, codes, plan, score }) => buildMatch({
      codes, plan, score, referenceId: donor.reference_id, clinicId: donor.clinic_reference_id,
    })),
  };
}
