/**
 * The wizard's draft answers, kept in browser storage under the spec's preference names (section 3) until the
 * Review step submits them. Each key holds a JSON value; reading is forgiving so a hand-edited or older entry
 * falls back to the default instead of breaking the wizard. DOM-free: callers pass the Storage.
 */
export type YesNo = '' | 'yes' | 'no';

export type WizardDraft = {
  location: string;
  latitude: number | null;
  longitude: number | null;
  primary_zip_code: string;
  current_country: string;
  donor_type_preference: string;
  preferred_races: string[];
  preferred_ethnicities: string[];
  preferred_hair_colors: string[];
  preferred_eye_colors: string[];
  preferred_height_ranges: string[];
  preferred_age_ranges: string[];
  dealbreakers: YesNo;
  /** Attributes the parent unticked under 'Yes' (not dealbreakers for them); empty means all five are. */
  dealbreaker_exclusions: string[];
  dealbreaker_details: string;
  acceptable_chronic_conditions: string[];
  user_genetic_conditions: string[];
  medical_genetic_importance: number | null;
  previous_full_term_pregnancies_preferred: YesNo;
  pregnancy_complications_ok: YesNo;
  preferred_minimum_education: string;
  smoking_history_preference: string;
  recreational_drugs_preference: string;
  regular_exercise_preferred: string;
  lifestyle_environment_importance: number;
  preferred_religions: string[];
  values_legal_importance: number;
  post_match_communication: YesNo;
  health_insurance_required: YesNo;
};

export type DraftKey = keyof WizardDraft;

/** Slider defaults from spec section 9: medical 50, lifestyle 100, values 25. */
export const EMPTY_DRAFT: WizardDraft = {
  location: '',
  latitude: null,
  longitude: null,
  primary_zip_code: '',
  current_country: '',
  donor_type_preference: '',
  preferred_races: [],
  preferred_ethnicities: [],
  preferred_hair_colors: [],
  preferred_eye_colors: [],
  preferred_height_ranges: [],
  preferred_age_ranges: [],
  dealbreakers: '',
  dealbreaker_exclusions: [],
  dealbreaker_details: '',
  acceptable_chronic_conditions: [],
  user_genetic_conditions: [],
  medical_genetic_importance: 50,
  previous_full_term_pregnancies_preferred: '',
  pregnancy_complications_ok: '',
  preferred_minimum_education: '',
  smoking_history_preference: '',
  recreational_drugs_preference: '',
  regular_exercise_preferred: '',
  lifestyle_environment_importance: 100,
  preferred_religions: [],
  values_legal_importance: 25,
  post_match_communication: '',
  health_insurance_required: '',
};

export const DRAFT_KEYS = Object.keys(EMPTY_DRAFT) as DraftKey[];

/**
 * Where the wizard is, which steps were left forward (by step id), and which saved set is being edited; cleared
 * with the draft (model/progress.ts reads and writes them).
 */
export const PROGRESS_KEYS = {
  step: 'profile_steps_current',
  completed: 'profile_steps_completed',
  editing: 'profile_steps_editing',
} as const;

/** Every browser-storage key the wizard keeps a parent's unsubmitted work under. */
export const WIZARD_STORAGE_KEYS: readonly string[] = [...DRAFT_KEYS, ...Object.values(PROGRESS_KEYS)];

export type Reader = Pick<Storage, 'getItem'>;
export type Writer = Pick<Storage, 'setItem' | 'removeItem'>;

export function parse(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw; // an older client stored plain strings
  }
}

function coerce<K extends DraftKey>(key: K, value: unknown): WizardDraft[K] {
  const fallback = EMPTY_DRAFT[key];
  if (value === undefined || value === null) return fallback;
  if (Array.isArray(fallback)) {
    return (
      Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : fallback
    ) as WizardDraft[K];
  }
  if (typeof fallback === 'number' || fallback === null) {
    const n = typeof value === 'number' ? value : Number(value);
    return (Number.isFinite(n) ? n : fallback) as WizardDraft[K];
  }
  return (typeof value === 'string' ? value : fallback) as WizardDraft[K];
}

export function readDraft(storage: Reader): WizardDraft {
  const draft = { ...EMPTY_DRAFT };
  for (const key of DRAFT_KEYS) (draft as Record<DraftKey, unknown>)[key] = coerce(key, parse(storage.getItem(key)));
  return draft;
}

export function writeDraftValue<K extends DraftKey>(storage: Writer, key: K, value: WizardDraft[K]): void {
  const empty = value === '' || value === null || (Array.isArray(value) && value.length === 0);
  if (empty) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(value));
}

/** After a successful submit: every draft key and the progress go; the session keys stay. */
export function clearDraft(storage: Writer): void {
  for (const key of WIZARD_STORAGE_KEYS) storage.removeItem(key);
}

/** Replaces the whole draft (opening a saved set to edit it). */
export function writeDraft(storage: Writer, draft: WizardDraft): void {
  for (const key of DRAFT_KEYS) writeDraftValue(storage, key, draft[key]);
}
