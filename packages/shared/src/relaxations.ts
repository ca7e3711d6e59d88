/**
 * What each hard filter is called on screen, and how relaxing it changes a stored preference set. The server
 * applies a relaxation when a parent keeps a "re-run without it" preview (POST fertility-profile/<id>/relax/);
 * the web app names the filter in hints, banners and "No longer meets" lines. One table, so both agree.
 */
import { CHRONIC_CONDITIONS, HARD_FILTER_IDS, type HardFilterId } from './vocabulary.ts';

type Raw = Record<string, unknown>;

/** True for the wizard's "Yes" answer in any of the spellings the server accepts. */
const isYes = (v: unknown) =>
  v === true || v === 1 || (typeof v === 'string' && ['yes', 'true', '1'].includes(v.trim().toLowerCase()));

/**
 * The Yes/No `dealbreakers` answer, when present, overrides every per-attribute flag except age on the server;
 * turn it into the five flags so that one of them can then be relaxed on its own.
 */
function ownFlags(p: Raw): Raw {
  if (!('dealbreakers' in p)) return p;
  const { dealbreakers, ...rest } = p;
  const yes = isYes(dealbreakers);
  return {
    ...rest,
    race_dealbreaker: yes,
    ethnicity_dealbreaker: yes,
    hair_color_dealbreaker: yes,
    eye_color_dealbreaker: yes,
    height_dealbreaker: yes,
  };
}

type Relaxation = { label: string; relax?: (p: Raw) => Raw };

/**
 * Every hard filter: its label ("your height dealbreaker") and, where a wizard answer sets it, how relaxing it
 * rewrites that answer. Availability and family limits are the bank's, and the carrier check comes from the
 * parent's own carrier status: shown, but there is no answer to change.
 */
const RELAXATIONS: Record<HardFilterId, Relaxation> = {
  availability: { label: 'availability filter' },
  family_limit: { label: 'family limit' },
  race_dealbreaker: { label: 'race dealbreaker', relax: (p) => ({ ...ownFlags(p), race_dealbreaker: false }) },
  ethnicity_dealbreaker: {
    label: 'ethnicity dealbreaker',
    relax: (p) => ({ ...ownFlags(p), ethnicity_dealbreaker: false }),
  },
  hair_color_dealbreaker: {
    label: 'hair colour dealbreaker',
    relax: (p) => ({ ...ownFlags(p), hair_color_dealbreaker: false }),
  },
  eye_color_dealbreaker: {
    label: 'eye colour dealbreaker',
    relax: (p) => ({ ...ownFlags(p), eye_color_dealbreaker: false }),
  },
  height_dealbreaker: { label: 'height dealbreaker', relax: (p) => ({ ...ownFlags(p), height_dealbreaker: false }) },
  age_dealbreaker: { label: 'age dealbreaker', relax: (p) => ({ ...p, age_dealbreaker: false }) },
  chronic_conditions: {
    label: 'chronic conditions requirement',
    relax: (p) => ({
      ...p,
      no_chronic_conditions_preferred: false,
      acceptable_chronic_conditions: [...CHRONIC_CONDITIONS],
    }),
  },
  health_insurance: {
    label: 'health insurance requirement',
    relax: (p) => ({ ...p, health_insurance_required: false }),
  },
  previous_pregnancy: {
    label: 'previous pregnancy requirement',
    relax: (p) => ({ ...p, previous_full_term_pregnancies_preferred: false }),
  },
  pregnancy_complications: {
    label: 'pregnancy complications requirement',
    relax: (p) => ({ ...p, pregnancy_complications_ok: true }),
  },
  carrier_high_risk: { label: 'carrier screening filter' },
};

/** The hard filters a parent can relax by changing an answer (the only ones a re-run may leave out). */
export const RELAXABLE_FILTERS: readonly HardFilterId[] = HARD_FILTER_IDS.filter(
  (f) => RELAXATIONS[f].relax !== undefined,
);

/** True when `filter` is a hard filter the parent can relax. */
export const canRelax = (filter: string): filter is HardFilterId =>
  (HARD_FILTER_IDS as readonly string[]).includes(filter) && RELAXATIONS[filter as HardFilterId].relax !== undefined;

/** How a hard filter reads after "your": "height dealbreaker"; unknown ids read as "<id> filter". */
export function hardFilterLabel(filter: string): string {
  return (HARD_FILTER_IDS as readonly string[]).includes(filter)
    ? RELAXATIONS[filter as HardFilterId].label
    : `${filter.replace(/_/g, ' ')} filter`;
}

/**
 * The stored preference set with each of `filters` relaxed, in order; null when one of them has no answer that
 * relaxes it. The input is not changed.
 */
export function relaxPreferences(preferences: Raw, filters: readonly string[]): Raw | null {
  let out = preferences;
  for (const f of filters) {
    if (!canRelax(f)) return null;
    out = RELAXATIONS[f].relax!(out);
  }
  return out;
}
