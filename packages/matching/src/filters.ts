/**
 * Hard filters as bitsets of the donors that pass them. A donor matches when it is of the wanted type and
 * passes every active filter; counting is then an AND of a few bitsets and a popcount. Only filters that can
 * exclude someone are active, so the counterfactual list shows only what the parent can actually relax.
 */
import {
  AGE_RANGES, CHRONIC_CONDITIONS, DONOR_TYPES, ETHNICITIES, EYE_COLORS, GENETIC_CONDITIONS, HAIR_COLORS, HEIGHT_RANGES,
  RACES,
} from '@kindred/shared/vocabulary';
import type { NormalizedPreferences, AttributePreference } from '@kindred/shared/preferences';
import { countBits, intersect, newBitset, noneOf, unionOf } from './bitset.ts';
import type { Bitset } from './bitset.ts';
import { parentCarrier } from './carrier.ts';
import { conditionBit } from './codes.ts';
import type { DonorIndex } from './index-build.ts';
import type { HardFilterId } from './types.ts';

export type ActiveFilter = { id: HardFilterId; pass: Bitset };

/** Donors of the wanted type (all donors when the preference set names none). */
export function baseBits(index: DonorIndex, prefs: NormalizedPreferences): Bitset {
  if (prefs.donorType === null) return unionOf(index.size, index.bits.type);
  return index.bits.type[DONOR_TYPES.indexOf(prefs.donorType)] ?? newBitset(index.size);
}

function dealbreaker<T extends string>(index: DonorIndex, pref: AttributePreference<T>, list: readonly T[],
  sets: Bitset[]): Bitset | null {
  if (!pref.dealbreaker || pref.values === null) return null;
  return unionOf(index.size, pref.values.map((v) => sets[list.indexOf(v)]!));
}

/** Surrogate-only requirements apply unless the parent is looking for egg or sperm donors only. */
const surrogatesInScope = (prefs: NormalizedPreferences) => prefs.donorType === null || prefs.donorType === 'surrogate';

/**
 * Every hard filter that is active for this preference set, in HARD_FILTER_IDS order. `pass` bitsets may be
 * shared with the index and must not be mutated.
 */
export function activeFilters(index: DonorIndex, prefs: NormalizedPreferences,
  showFlagged: boolean): ActiveFilter[] {
  const b = index.bits;
  const out: ActiveFilter[] = [
    { id: 'availability', pass: b.available },
    { id: 'family_limit', pass: b.familyOpen },
  ];
  const add = (id: HardFilterId, pass: Bitset | null) => {
    if (pass) out.push({ id, pass });
  };
  add('race_dealbreaker', dealbreaker(index, prefs.race, RACES, b.race));
  add('ethnicity_dealbreaker', dealbreaker(index, prefs.ethnicity, ETHNICITIES, b.ethnicity));
  add('hair_color_dealbreaker', dealbreaker(index, prefs.hairColor, HAIR_COLORS, b.hair));
  add('eye_color_dealbreaker', dealbreaker(index, prefs.eyeColor, EYE_COLORS, b.eye));
  add('height_dealbreaker', dealbreaker(index, prefs.height, HEIGHT_RANGES, b.heightRange));
  add('age_dealbreaker', dealbreaker(index, prefs.age, AGE_RANGES, b.ageRange));
  const refused = refusedChronicConditions(prefs);
  if (refused.length > 0) add('chronic_conditions', noneOf(index.size, refused.map((k) => b.chronic[k]!)));
  if (surrogatesInScope(prefs)) {
    if (prefs.healthInsuranceRequired) add('health_insurance', b.insuredOrNotSurrogate);
    if (prefs.previousFullTermPregnancyRequired) add('previous_pregnancy', b.fullTermOrNotSurrogate);
    if (!prefs.pregnancyComplicationsOk) add('pregnancy_complications', b.noComplicationsOrNotSurrogate);
  }
  const parent = parentCarrier(prefs);
  if (!showFlagged && parent.recessiveMask !== 0) {
    const carried = parent.listed.filter((c) => (conditionBit(c) & parent.recessiveMask) !== 0);
    add('carrier_high_risk', noneOf(index.size, carried.map((c) => b.carrier[GENETIC_CONDITIONS.indexOf(c)]!)));
  }
  return out;
}

/**
 * Positions in CHRONIC_CONDITIONS of conditions the parent did not accept. The filter is on when the parent
 * prefers no chronic conditions (the forced default) or listed the ones they accept; then any other condition
 * excludes the donor.
 */
export function refusedChronicConditions(prefs: NormalizedPreferences): number[] {
  if (!prefs.noChronicConditionsPreferred && prefs.acceptableChronicConditions.length === 0) return [];
  return CHRONIC_CONDITIONS.flatMap((c, k) => (prefs.acceptableChronicConditions.includes(c) ? [] : [k]));
}

/** Donors of the wanted type passing every filter. */
export function matchingBits(index: DonorIndex, prefs: NormalizedPreferences,
  filters: readonly ActiveFilter[]): Bitset {
  return intersect(baseBits(index, prefs), filters.map((f) => f.pass));
}

/** The live-count fast path: no scoring, no allocation beyond a few bitsets. */
export function countMatching(index: DonorIndex, prefs: NormalizedPreferences, showFlagged: boolean): number {
  return countBits(matchingBits(index, prefs, activeFilters(index, prefs, showFlagged)));
}
