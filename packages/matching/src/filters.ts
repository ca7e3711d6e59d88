/**
 * Hard filters as bitsets of the donors that pass them. A donor matches when it is of the wanted type and
 * passes every active filter; counting is then an AND of a few bitsets and a popcount. Only filters that can
 * exclude someone are active, so the counterfactual list shows only what the parent can actually relax.
 */
import {
  AGE_RANGES,
  CHRONIC_CONDITIONS,
  DISCLOSURES,
  DONOR_TYPES,
  EDUCATION_LEVELS,
  ETHNICITIES,
  EYE_COLORS,
  HAIR_COLORS,
  HEIGHT_RANGES,
  RACES,
} from '@kindred/shared/vocabulary';
import type { NormalizedPreferences, AttributePreference } from '@kindred/shared/preferences';
import { GENES, VARIANT_CLASSES } from '@kindred/shared/genetics';
import { countBits, intersect, newBitset, noneOf, unionOf } from './bitset.ts';
import type { Bitset } from './bitset.ts';
import { parentCarrier } from './carrier.ts';
import { classBit, distanceCode, geneBit, unitVector } from './codes.ts';
import type { DonorIndex } from './index-build.ts';
import type { CostByBank, HardFilterId, Refinement } from './types.ts';

export type ActiveFilter = { id: HardFilterId; pass: Bitset };

/** How a ranking departs from the saved preference set: flagged donors shown, filters relaxed, reserved included. */
export type FilterOptions = { showFlagged?: boolean; relax?: readonly HardFilterId[]; includeReserved?: boolean };

/** Donors of the wanted type (all donors when the preference set names none). */
export function baseBits(index: DonorIndex, prefs: NormalizedPreferences): Bitset {
  if (prefs.donorType === null) return unionOf(index.size, index.bits.type);
  return index.bits.type[DONOR_TYPES.indexOf(prefs.donorType)] ?? newBitset(index.size);
}

function dealbreaker<T extends string>(
  index: DonorIndex,
  pref: AttributePreference<T>,
  list: readonly T[],
  sets: Bitset[],
): Bitset | null {
  if (!pref.dealbreaker || pref.values === null) return null;
  return unionOf(
    index.size,
    pref.values.map((v) => sets[list.indexOf(v)]!),
  );
}

/** Surrogate-only requirements apply unless the parent is looking for egg or sperm donors only. */
const surrogatesInScope = (prefs: NormalizedPreferences) => prefs.donorType === null || prefs.donorType === 'surrogate';

/** Carrier screening is about the child's genes: a gestational surrogate passes on none. */
const geneticDonorsInScope = (prefs: NormalizedPreferences) => prefs.donorType !== 'surrogate';

/**
 * Every hard filter that is active for this preference set, in HARD_FILTER_IDS order, less the relaxed ones.
 * `pass` bitsets may be shared with the index and must not be mutated.
 */
export function activeFilters(
  index: DonorIndex,
  prefs: NormalizedPreferences,
  options: FilterOptions = {},
): ActiveFilter[] {
  const b = index.bits;
  const out: ActiveFilter[] = [];
  const relaxed = options.relax ?? [];
  const add = (id: HardFilterId, pass: Bitset | null) => {
    if (pass && !relaxed.includes(id)) out.push({ id, pass });
  };
  add('availability', options.includeReserved ? b.availableOrReserved : b.available);
  add('family_limit', b.familyOpen);
  add('race_dealbreaker', dealbreaker(index, prefs.race, RACES, b.race));
  add('ethnicity_dealbreaker', dealbreaker(index, prefs.ethnicity, ETHNICITIES, b.ethnicity));
  add('hair_color_dealbreaker', dealbreaker(index, prefs.hairColor, HAIR_COLORS, b.hair));
  add('eye_color_dealbreaker', dealbreaker(index, prefs.eyeColor, EYE_COLORS, b.eye));
  add('height_dealbreaker', dealbreaker(index, prefs.height, HEIGHT_RANGES, b.heightRange));
  add('age_dealbreaker', dealbreaker(index, prefs.age, AGE_RANGES, b.ageRange));
  const refused = refusedChronicConditions(prefs);
  if (refused.length > 0)
    add(
      'chronic_conditions',
      noneOf(
        index.size,
        refused.map((k) => b.chronic[k]!),
      ),
    );
  if (surrogatesInScope(prefs)) {
    if (prefs.healthInsuranceRequired) add('health_insurance', b.insuredOrNotSurrogate);
    if (prefs.previousFullTermPregnancyRequired) add('previous_pregnancy', b.fullTermOrNotSurrogate);
    if (!prefs.pregnancyComplicationsOk) add('pregnancy_complications', b.noComplicationsOrNotSurrogate);
  }
  const parent = parentCarrier(prefs);
  if (!options.showFlagged && (parent.riskGenes | parent.riskClasses) !== 0 && geneticDonorsInScope(prefs)) {
    const clear = noneOf(index.size, [
      ...GENES.flatMap((g, k) => ((parent.riskGenes & geneBit(g)) !== 0 ? [b.carrier[k]!] : [])),
      ...VARIANT_CLASSES.flatMap((c, k) => ((parent.riskClasses & classBit(c)) !== 0 ? [b.geneClass[k]!] : [])),
    ]);
    // Surrogates pass whatever they carry (only reachable when the set names no donor type).
    add('carrier_high_risk', unionOf(index.size, [clear, b.type[DONOR_TYPES.indexOf('surrogate')]!]));
  }
  return out;
}

/** True when a refinement narrows or widens anything. */
export const refines = (r: Refinement | undefined): r is Refinement =>
  r !== undefined &&
  (r.ageMin !== undefined ||
    r.ageMax !== undefined ||
    r.heightMin !== undefined ||
    r.heightMax !== undefined ||
    r.minEducation !== undefined ||
    r.maxDistanceKm !== undefined ||
    r.disclosure !== undefined ||
    r.maxCost !== undefined);

/**
 * The cost of each bank code of the index (NaN: no price to compare), from the caller's costs by bank name: a few
 * entries per query, so the scan reads a donor's cost with two array reads.
 */
export function costByCode(index: DonorIndex, cost: CostByBank | undefined): Float64Array {
  const out = new Float64Array(index.banks.length).fill(Number.NaN);
  if (cost)
    index.banks.forEach((bank, code) => {
      const v = cost[bank];
      if (typeof v === 'number' && Number.isFinite(v)) out[code] = v;
    });
  return out;
}

/**
 * The part of `pass` that meets a results-page refinement (a new bitset). One pass over the donors in `pass`,
 * reading columns only; a donor whose value is not stated fails a bound on it, and without a parent location
 * no donor can be shown to be within a distance.
 */
export function refineBits(
  index: DonorIndex,
  prefs: NormalizedPreferences,
  pass: Bitset,
  r: Refinement,
  costs: Float64Array = costByCode(index, undefined),
): Bitset {
  const c = index.cols;
  const out = newBitset(index.size);
  const ageMin = r.ageMin ?? 0;
  const ageMax = r.ageMax ?? Infinity;
  const heightMin = r.heightMin ?? 0;
  const heightMax = r.heightMax ?? Infinity;
  const ages = r.ageMin !== undefined || r.ageMax !== undefined;
  const heights = r.heightMin !== undefined || r.heightMax !== undefined;
  const minEducation = r.minEducation ? EDUCATION_LEVELS.indexOf(r.minEducation) + 1 : 0;
  const disclosures = r.disclosure ? r.disclosure.map((v) => DISCLOSURES.indexOf(v) + 1) : null;
  const origin = prefs.origin ? unitVector(prefs.origin.lat, prefs.origin.lon) : null;
  const maxKm = r.maxDistanceKm;
  const maxCost = r.maxCost;
  for (let w = 0; w < pass.length; w++) {
    let bits = pass[w]!;
    let keep = 0;
    while (bits !== 0) {
      const low = bits & -bits;
      const d = (w << 5) | (31 - Math.clz32(low));
      bits ^= low;
      if (ages && (c.age[d] === 0 || c.age[d]! < ageMin || c.age[d]! > ageMax)) continue;
      if (heights && (c.height[d] === 0 || c.height[d]! < heightMin || c.height[d]! > heightMax)) continue;
      if (minEducation > 0 && (c.education[d] === 0 || c.education[d]! < minEducation)) continue;
      if (disclosures && !disclosures.includes(c.disclosure[d]!)) continue;
      if (maxKm !== undefined) {
        const km = origin ? distanceCode(c.x[d]!, c.y[d]!, c.z[d]!, origin) : -1;
        if (km < 0 || km > maxKm) continue;
      }
      // NaN (no price to compare) fails the comparison, so the donor is left out.
      if (maxCost !== undefined && !(costs[c.bank[d]!]! <= maxCost)) continue;
      keep |= low;
    }
    out[w] = keep;
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
export function matchingBits(
  index: DonorIndex,
  prefs: NormalizedPreferences,
  filters: readonly ActiveFilter[],
): Bitset {
  return intersect(
    baseBits(index, prefs),
    filters.map((f) => f.pass),
  );
}

/** The live-count fast path: no scoring, no allocation beyond a few bitsets. */
export function countMatching(index: DonorIndex, prefs: NormalizedPreferences, options: FilterOptions = {}): number {
  return countBits(matchingBits(index, prefs, activeFilters(index, prefs, options)));
}
