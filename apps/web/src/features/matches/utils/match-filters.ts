/**
 * The results page's filters and sort order, kept in the address (so reload and back keep them) and sent to the
 * server, which applies them over the whole passing set. Pure, so it is unit-tested without a DOM.
 */
import { MATCH_FILTER_LIMITS, matchFiltersSchema, type MatchFilters } from '@kindred/shared/matching.schemas';
import {
  DISCLOSURES,
  EDUCATION_LEVELS,
  SORT_ORDERS,
  type Disclosure,
  type EducationLevel,
  type SortOrder,
} from '@kindred/shared/vocabulary';
import { distanceText, heightText, milesToKm, type UnitSystem } from '../../../lib/units.ts';

export type MatchQuery = { sort: SortOrder; filters: MatchFilters };

/** Query-string names of the filters (short, readable in a shared link). */
const PARAM: Record<keyof MatchFilters, string> = {
  ageMin: 'age_min',
  ageMax: 'age_max',
  heightMin: 'height_min',
  heightMax: 'height_max',
  minEducation: 'education',
  maxDistanceKm: 'within_km',
  disclosure: 'disclosure',
  includeReserved: 'reserved',
  maxCost: 'max_price',
};
const NUMBER_KEYS = ['ageMin', 'ageMax', 'heightMin', 'heightMax', 'maxDistanceKm', 'maxCost'] as const;

// Ten digits: the price maximum is in cents (issue 29).
const wholeNumber = (v: string | null) => (v !== null && /^\d{1,10}$/.test(v) ? Number(v) : undefined);

/**
 * Sort and filters from the address. Anything unreadable or out of range is left out (a hand-edited link never
 * breaks the page); a minimum above its maximum drops both.
 */
export function parseMatchQuery(params: URLSearchParams): MatchQuery {
  const sortParam = params.get('sort');
  const sort = (SORT_ORDERS as readonly string[]).includes(sortParam ?? '') ? (sortParam as SortOrder) : 'score';
  const raw: MatchFilters = {};
  for (const key of NUMBER_KEYS) {
    const n = wholeNumber(params.get(PARAM[key]));
    if (n !== undefined) raw[key] = n;
  }
  const education = params.get(PARAM.minEducation);
  if ((EDUCATION_LEVELS as readonly string[]).includes(education ?? '')) raw.minEducation = education as EducationLevel;
  const disclosure = (params.get(PARAM.disclosure) ?? '')
    .split(',')
    .filter((d): d is Disclosure => (DISCLOSURES as readonly string[]).includes(d));
  if (disclosure.length > 0) raw.disclosure = [...new Set(disclosure)];
  if (params.get(PARAM.includeReserved) === '1') raw.includeReserved = true;
  return { sort, filters: keepValid(raw) };
}

/** Drops each field the shared schema refuses, and both bounds of an inverted range. */
function keepValid(raw: MatchFilters): MatchFilters {
  const out: MatchFilters = {};
  for (const [key, value] of Object.entries(raw) as [keyof MatchFilters, never][]) {
    if (matchFiltersSchema.safeParse({ [key]: value }).success) out[key] = value;
  }
  const inverted = (min: number | undefined, max: number | undefined) =>
    min !== undefined && max !== undefined && min > max;
  if (inverted(out.ageMin, out.ageMax)) {
    delete out.ageMin;
    delete out.ageMax;
  }
  if (inverted(out.heightMin, out.heightMax)) {
    delete out.heightMin;
    delete out.heightMax;
  }
  return out;
}

/** The address for a sort and filters: other parameters (the tab) are kept; defaults are left out. */
export function withMatchQuery(params: URLSearchParams, query: MatchQuery): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...Object.values(PARAM), 'sort']) next.delete(name);
  if (query.sort !== 'score') next.set('sort', query.sort);
  const f = query.filters;
  for (const key of NUMBER_KEYS) if (f[key] !== undefined) next.set(PARAM[key], String(f[key]));
  if (f.minEducation) next.set(PARAM.minEducation, f.minEducation);
  if (f.disclosure && f.disclosure.length > 0) next.set(PARAM.disclosure, f.disclosure.join(','));
  if (f.includeReserved) next.set(PARAM.includeReserved, '1');
  return next;
}

/** How many filters are set (the "Filters (2)" count), a range counting once; the sort order is not a filter. */
export const activeFilterCount = (f: MatchFilters) =>
  [
    f.ageMin !== undefined || f.ageMax !== undefined,
    f.heightMin !== undefined || f.heightMax !== undefined,
    f.minEducation !== undefined,
    f.maxDistanceKm !== undefined,
    f.disclosure !== undefined && f.disclosure.length > 0,
    f.includeReserved === true,
    f.maxCost !== undefined,
  ].filter(Boolean).length;

/** A stable key for the filters (query cache keys). */
export const filtersKey = (f: MatchFilters) =>
  JSON.stringify(
    Object.keys(f)
      .sort()
      .map((k) => [k, f[k as keyof MatchFilters]]),
  );

/** The filter form's values: text for the number fields, so a half-typed value is never rewritten. */
export type FilterDraft = {
  ageMin: string;
  ageMax: string;
  heightMin: string;
  heightMax: string;
  minEducation: string;
  maxDistanceKm: string;
  maxCost: string;
  disclosure: string[];
  availability: 'available' | 'reserved';
};

export function draftOf(f: MatchFilters): FilterDraft {
  const text = (n: number | undefined) => (n === undefined ? '' : String(n));
  return {
    ageMin: text(f.ageMin),
    ageMax: text(f.ageMax),
    heightMin: text(f.heightMin),
    heightMax: text(f.heightMax),
    minEducation: f.minEducation ?? '',
    maxDistanceKm: text(f.maxDistanceKm),
    maxCost: text(f.maxCost),
    disclosure: [...(f.disclosure ?? [])],
    availability: f.includeReserved ? 'reserved' : 'available',
  };
}

/**
 * The filters a draft asks for, checked with the server's own schema: `{filters}` or `{errors}` by draft field.
 * Empty fields mean "any"; every disclosure type ticked is the same as none.
 */
export function filtersFromDraft(
  d: FilterDraft,
):
  | { filters: MatchFilters; errors?: undefined }
  | { filters?: undefined; errors: Partial<Record<keyof FilterDraft, string>> } {
  const errors: Partial<Record<keyof FilterDraft, string>> = {};
  const candidate: Record<string, unknown> = {};
  for (const key of NUMBER_KEYS) {
    const v = d[key].trim();
    if (v === '') continue;
    if (!/^\d+$/.test(v)) errors[key] = 'Enter a whole number.';
    else candidate[key] = Number(v);
  }
  if (d.minEducation) candidate.minEducation = d.minEducation;
  if (d.disclosure.length > 0 && d.disclosure.length < DISCLOSURES.length) candidate.disclosure = d.disclosure;
  if (d.availability === 'reserved') candidate.includeReserved = true;
  const parsed = matchFiltersSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // Every issue names its field: the range checks are placed on the maximum by the shared schema itself.
      const key = issue.path[0] as keyof FilterDraft;
      if (!errors[key]) errors[key] = issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { filters: parsed.data! };
}

/** Height choices for the filter, every inch of the allowed range, as "5 ft 6 in" or "168 cm" (value: inches). */
export function heightChoices(units: UnitSystem) {
  return Array.from({ length: MATCH_FILTER_LIMITS.heightIn.max - MATCH_FILTER_LIMITS.heightIn.min + 1 }, (_, i) => {
    const inches = MATCH_FILTER_LIMITS.heightIn.min + i;
    return { value: String(inches), label: heightText(inches, units) };
  });
}

/**
 * Distance choices: "Within 100 km" elsewhere, "Within 60 mi" in the US (value: whole km, as the address and the
 * API keep it). A distance in the address that is not a choice of these units is kept and shown as it is.
 */
export function distanceChoices(units: UnitSystem, current?: number) {
  const choices =
    units === 'imperial'
      ? [15, 30, 60, 150, 300, 600, 1500, 3000].map((mi) => ({
          value: String(milesToKm(mi)),
          label: `Within ${mi.toLocaleString('en-US')} mi`,
        }))
      : [25, 50, 100, 250, 500, 1000, 2500, 5000].map((km) => ({
          value: String(km),
          label: `Within ${km.toLocaleString('en-US')} km`,
        }));
  if (current === undefined || choices.some((c) => c.value === String(current))) return choices;
  const label = distanceText(current, units)!
    .replace(/ away$/, '')
    .replace(/^Under/, 'Within');
  return [...choices, { value: String(current), label: label.startsWith('Within') ? label : `Within ${label}` }];
}

export const SORT_LABELS: Record<SortOrder, string> = {
  score: 'Best match',
  distance: 'Nearest first',
  medical_update: 'Newest medical update',
  price: 'Lowest estimated price',
};

/** Price maximum choices (issue 29), in US dollars (value: cents, as the address and the API keep it). */
export const PRICE_CHOICES = [2_500, 5_000, 7_500, 10_000, 15_000, 20_000, 30_000].map((dollars) => ({
  value: String(dollars * 100),
  label: `Up to $${dollars.toLocaleString('en-US')}`,
}));
export const EDUCATION_CHOICES: { value: EducationLevel; label: string }[] = [
  { value: 'high_school', label: 'High school' },
  { value: 'college', label: 'College' },
  { value: 'masters', label: "Master's" },
  { value: 'doctorate', label: 'Doctorate' },
];
export const DISCLOSURE_CHOICES: { value: Disclosure; label: string }[] = [
  { value: 'ANON', label: 'Anonymous' },
  { value: 'OPEN', label: 'Open identity' },
  { value: 'KNOWN', label: 'Known' },
];
