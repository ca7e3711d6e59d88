/**
 * A saved preference set back into the wizard's draft: the inverse of buildPreferencePayload (payload.ts), so
 * "Edit preferences" opens the wizard with the answers the parent gave. For every draft the wizard can submit,
 * draft → payload → draft is the identity, except where the payload itself merges answers: BRCA1 and BRCA2 come
 * back both ticked, thalassemia variants as Thalassemia, and a skipped post-match question as No (both send 0).
 * Reading is forgiving, as sets saved by other clients may spell things differently: what is missing or
 * unreadable becomes the empty answer, and the wizard asks for it again.
 */
import { NO_CHRONIC_CONDITIONS, NO_PREFERENCE, NONE_KNOWN } from '@kindred/shared/vocabulary';
import { EMPTY_DRAFT, type WizardDraft, type YesNo } from './draft.ts';
import { DEALBREAKER_OPTIONS } from './options.ts';

type Raw = Record<string, unknown>;

const text = (v: unknown) =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
const token = (v: unknown) => text(v).toLowerCase();

function bool(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  const t = token(v);
  if (t === 'true' || t === 'yes') return true;
  if (t === 'false' || t === 'no') return false;
  return null;
}

function num(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : NaN;
  return Number.isFinite(n) ? n : null;
}

function list(v: unknown): string[] {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
  return [...new Set(items.map(token).filter((t) => t !== ''))];
}

const yesNo = (b: boolean | null): YesNo => (b === null ? '' : b ? 'yes' : 'no');

/** A list answer: 'No Preference' (in the list or as its X_no_preference flag) comes back as [no_preference] alone. */
function choices(raw: Raw, key: string, flag: string): string[] {
  const items = list(raw[key]);
  return bool(raw[flag]) === true || items.includes(NO_PREFERENCE) ? [NO_PREFERENCE] : items;
}

/** The genetic checklist: the payload's merged BRCA value ticks both boxes; None Known stays alone. */
function geneticChoices(v: unknown): string[] {
  const items = list(v);
  if (items.includes(NONE_KNOWN)) return [NONE_KNOWN];
  return [...new Set(items.flatMap((c) => (c === 'brca1_brca2' ? ['brca1', 'brca2'] : [c])))];
}

function chronicChoices(raw: Raw): string[] {
  const items = list(raw.acceptable_chronic_conditions).filter((c) => c !== NO_CHRONIC_CONDITIONS);
  if (items.length > 0) return items;
  // Sent as its flag (true unless the parent accepted conditions), never as a list item.
  return bool(raw.no_chronic_conditions_preferred) === false ? [] : [NO_CHRONIC_CONDITIONS];
}

/** The Yes/No answer and the unticked attributes, from the five per-attribute flags (or an older combined answer). */
function dealbreakersOf(raw: Raw): Pick<WizardDraft, 'dealbreakers' | 'dealbreaker_exclusions'> {
  const combined = bool(raw.dealbreakers);
  const flags = DEALBREAKER_OPTIONS.map((o) => ({
    value: o.value,
    on: combined ?? bool(raw[`${o.value}_dealbreaker`]),
  }));
  if (flags.some((f) => f.on === true))
    return { dealbreakers: 'yes', dealbreaker_exclusions: flags.filter((f) => f.on !== true).map((f) => f.value) };
  return { dealbreakers: flags.some((f) => f.on === false) ? 'no' : '', dealbreaker_exclusions: [] };
}

export function draftFromPreferences(raw: Raw): WizardDraft {
  const postMatch = num(raw.post_match_communication_importance);
  const education =
    bool(raw.education_no_preference) === true
      ? NO_PREFERENCE
      : token(raw.preferred_minimum_education) || token(raw.userEducationLevel);
  return {
    ...EMPTY_DRAFT,
    location: text(raw.location),
    latitude: num(raw.latitude),
    longitude: num(raw.longitude),
    primary_zip_code: text(raw.primary_zip_code),
    current_country: text(raw.current_country).toUpperCase(),
    donor_type_preference: token(raw.donor_type_preference),
    preferred_races: choices(raw, 'preferred_races', 'race_no_preference'),
    preferred_ethnicities: choices(raw, 'preferred_ethnicities', 'ethnicity_no_preference'),
    preferred_hair_colors: choices(raw, 'preferred_hair_colors', 'hair_color_no_preference'),
    preferred_eye_colors: choices(raw, 'preferred_eye_colors', 'eye_color_no_preference'),
    preferred_height_ranges: choices(raw, 'preferred_height_ranges', 'height_no_preference'),
    preferred_age_ranges: choices(raw, 'preferred_age_ranges', 'age_no_preference'),
    ...dealbreakersOf(raw),
    dealbreaker_details: typeof raw.dealbreaker_details === 'string' ? raw.dealbreaker_details.trim() : '',
    acceptable_chronic_conditions: chronicChoices(raw),
    user_genetic_conditions: geneticChoices(raw.user_genetic_conditions),
    medical_genetic_importance:
      num(raw.medical_genetic_importance) ?? num(raw.importance_medical) ?? EMPTY_DRAFT.medical_genetic_importance,
    previous_full_term_pregnancies_preferred: yesNo(bool(raw.previous_full_term_pregnancies_preferred)),
    pregnancy_complications_ok: yesNo(bool(raw.pregnancy_complications_ok)),
    preferred_minimum_education: education,
    smoking_history_preference:
      typeof raw.smoking_history_preference === 'string' ? token(raw.smoking_history_preference) : '',
    recreational_drugs_preference:
      typeof raw.recreational_drugs_preference === 'string' ? token(raw.recreational_drugs_preference) : '',
    regular_exercise_preferred:
      typeof raw.regular_exercise_preferred === 'string' ? token(raw.regular_exercise_preferred) : '',
    lifestyle_environment_importance:
      num(raw.lifestyle_environment_importance) ?? EMPTY_DRAFT.lifestyle_environment_importance,
    preferred_religions: choices(raw, 'preferred_religions', 'religion_no_preference'),
    values_legal_importance: num(raw.values_legal_importance) ?? EMPTY_DRAFT.values_legal_importance,
    post_match_communication: postMatch === null ? '' : postMatch > 0 ? 'yes' : 'no',
    health_insurance_required: yesNo(bool(raw.health_insurance_required)),
  };
}

/** A set as GET fertility-profile/<id>/ answers it. */
export type SavedPreferenceSet = {
  id: string;
  donor_type_preference: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  preferences: Raw;
};

/** The draft for a saved set: its submission, with the place's coordinates the server found when none were sent. */
export function draftFromSavedSet(set: SavedPreferenceSet): WizardDraft {
  const draft = draftFromPreferences({
    donor_type_preference: set.donor_type_preference,
    location: set.location,
    ...set.preferences,
  });
  if (draft.latitude === null || draft.longitude === null) {
    if (set.latitude !== null && set.longitude !== null && draft.location === (set.location ?? '').trim()) {
      return { ...draft, latitude: set.latitude, longitude: set.longitude };
    }
    return { ...draft, latitude: null, longitude: null };
  }
  return draft;
}
