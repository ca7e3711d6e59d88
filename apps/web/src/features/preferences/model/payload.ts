/**
 * Builds the preference set the server and the live count accept (packages/shared rawPreferencesSchema keys) from
 * the draft, following spec sections 4, 5 and 9: strings trimmed and lowercased; 'no preference' for age and
 * religion sent as [no_preference] with its flag; every dealbreaker flag except age follows the Yes/No answer and
 * the attribute's tick (all ticked by default); the dealbreaker details sent with a Yes;
 * BRCA1+BRCA2, thalassemia and cystic fibrosis variants collapsed; 'no chronic conditions preferred' sent as its
 * flag, never as a list item; the forced defaults for values the wizard does not ask.
 */
import {
  collapseGeneticCondition,
  PREFERENCE_DEFAULTS,
  toToken,
  type RawPreferences,
} from '@kindred/shared/preferences';
import { NO_CHRONIC_CONDITIONS, NO_PREFERENCE, NONE_KNOWN } from '@kindred/shared/vocabulary';
import type { WizardDraft } from './draft.ts';
import type { DealbreakerAttribute } from './options.ts';

export type PreferencePayload = RawPreferences & {
  location?: string;
  latitude?: number | null;
  longitude?: number | null;
};

const clean = (v: string) => v.trim().toLowerCase();
const cleanList = (list: readonly string[]) => [...new Set(list.map(clean).filter((v) => v !== ''))];
const isNoPref = (list: readonly string[]) => list.includes(NO_PREFERENCE);
/** A list with 'No Preference' goes out as [no_preference] alone. */
const listOf = (list: readonly string[]) => (isNoPref(list) ? [NO_PREFERENCE] : cleanList(list));

/** The parent's own carrier conditions: None Known alone, else the collapsed, de-duplicated names. */
export function geneticConditionsOf(selected: readonly string[]): string[] {
  if (selected.includes(NONE_KNOWN)) return [NONE_KNOWN];
  return [
    ...new Set(
      selected
        .map(toToken)
        .filter((t) => t !== '')
        .map(collapseGeneticCondition),
    ),
  ];
}

/** A five-digit US ZIP code in the chosen place's text, if any. */
export function zipOf(location: string): string {
  return /\b(\d{5})\b/.exec(location)?.[1] ?? '';
}

/** How much post-match contact matters when the parent answers Yes; No or no answer sends 0 (ADR 007). */
export const POST_MATCH_WANTED = 5;

export function buildPreferencePayload(d: WizardDraft): PreferencePayload {
  const dealbreaker = (attribute: DealbreakerAttribute) =>
    d.dealbreakers === 'yes' && !d.dealbreaker_exclusions.includes(attribute);
  const chronic = [...new Set(d.acceptable_chronic_conditions.map(toToken).filter((t) => t !== ''))];
  const surrogate = d.donor_type_preference === 'surrogate';
  const education = clean(d.preferred_minimum_education);
  const payload: PreferencePayload = {
    primary_zip_code: d.primary_zip_code.trim() || zipOf(d.location),
    current_country: d.current_country.trim().toUpperCase(),
    donor_type_preference: clean(d.donor_type_preference),
    race_dealbreaker: dealbreaker('race'),
    ethnicity_dealbreaker: dealbreaker('ethnicity'),
    hair_color_dealbreaker: dealbreaker('hair_color'),
    eye_color_dealbreaker: dealbreaker('eye_color'),
    height_dealbreaker: dealbreaker('height'),
    age_dealbreaker: false,
    preferred_races: listOf(d.preferred_races),
    preferred_ethnicities: listOf(d.preferred_ethnicities),
    preferred_hair_colors: listOf(d.preferred_hair_colors),
    preferred_eye_colors: listOf(d.preferred_eye_colors),
    preferred_height_ranges: listOf(d.preferred_height_ranges),
    preferred_age_ranges: listOf(d.preferred_age_ranges),
    race_no_preference: isNoPref(d.preferred_races),
    ethnicity_no_preference: isNoPref(d.preferred_ethnicities),
    hair_color_no_preference: isNoPref(d.preferred_hair_colors),
    eye_color_no_preference: isNoPref(d.preferred_eye_colors),
    height_no_preference: isNoPref(d.preferred_height_ranges),
    age_no_preference: isNoPref(d.preferred_age_ranges),
    religion_no_preference: isNoPref(d.preferred_religions),
    education_no_preference: education === NO_PREFERENCE,
    preferred_religions: listOf(d.preferred_religions),
    user_genetic_conditions: geneticConditionsOf(d.user_genetic_conditions),
    userEducationLevel: education,
    preferred_minimum_education: education,
    smoking_history_preference: clean(d.smoking_history_preference),
    recreational_drugs_preference: clean(d.recreational_drugs_preference),
    regular_exercise_preferred: clean(d.regular_exercise_preferred),
    no_chronic_conditions_preferred:
      chronic.includes(NO_CHRONIC_CONDITIONS) || chronic.length === 0
        ? PREFERENCE_DEFAULTS.no_chronic_conditions_preferred
        : false,
    acceptable_chronic_conditions: chronic.filter((c) => c !== NO_CHRONIC_CONDITIONS),
    lifestyle_environment_importance: d.lifestyle_environment_importance,
    medical_genetic_importance: d.medical_genetic_importance ?? PREFERENCE_DEFAULTS.medical_genetic_importance,
    values_legal_importance: d.values_legal_importance,
    post_match_communication_importance: d.post_match_communication === 'yes' ? POST_MATCH_WANTED : 0,
    fertility_treatments_preference: PREFERENCE_DEFAULTS.fertility_treatments_preference,
  };
  if (surrogate) {
    payload.health_insurance_required = d.health_insurance_required === 'yes';
    payload.previous_full_term_pregnancies_preferred = d.previous_full_term_pregnancies_preferred === 'yes';
    payload.pregnancy_complications_ok = d.pregnancy_complications_ok !== 'no';
  }
  const details = d.dealbreaker_details.trim();
  if (d.dealbreakers === 'yes' && details !== '') payload.dealbreaker_details = details;
  if (d.location.trim() !== '') payload.location = d.location.trim();
  if (d.latitude !== null && d.longitude !== null) {
    payload.latitude = d.latitude;
    payload.longitude = d.longitude;
  }
  return payload;
}
