/**
 * What a wizard question is made of: the step that asks it, how it is asked (kind, label, options built from the
 * shared vocabulary), its empty answer, the spec's message when it is required (section 5), its row on Review,
 * what it sends (keys of packages/shared rawPreferencesSchema) and how a saved set's value comes back into the
 * draft (the inverse, for editing a saved set); and the small rules several questions share.
 */
import type { RawPreferences } from '@kindred/shared/preferences';
import type { Saved } from '../codec.ts';
import type { DealbreakerAttribute, Option, YesNo } from '../options.ts';

export type StepId = 'welcome' | 'demographic' | 'medical' | 'pregnancy' | 'lifestyle' | 'values' | 'review';

/** Every step in wizard order; a donor type shows all of them or all but Pregnancy History. */
export const ALL_STEPS: readonly StepId[] = [
  'welcome',
  'demographic',
  'medical',
  'pregnancy',
  'lifestyle',
  'values',
  'review',
];

/** The draft's answers, kept in browser storage under the spec's preference names (section 3). */
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
  /** Beyond the spec, optional: the most alcohol use the parent accepts. */
  alcohol_use_preference: string;
  regular_exercise_preferred: string;
  lifestyle_environment_importance: number;
  preferred_religions: string[];
  values_legal_importance: number;
  post_match_communication: YesNo;
  health_insurance_required: YesNo;
};
export type DraftKey = keyof WizardDraft;

/** The preference set the server and the live count accept, with the place the parent picked. */
export type PreferencePayload = RawPreferences & {
  location?: string;
  latitude?: number | null;
  longitude?: number | null;
};

type ChoiceUi = { legend: string; options: readonly Option[]; description?: string };
/** How a question is asked; the step components have one field renderer per kind. */
export type QuestionUi =
  /** One answer: a checkbox group where clicking the chosen one clears it. */
  | ({ kind: 'single' } & ChoiceUi)
  /** One answer kept as a list (religion: 'No Preference' is sent as [no_preference]). */
  | ({ kind: 'single-list' } & ChoiceUi)
  /** Several answers; 'No Preference' is exclusive. */
  | ({ kind: 'multi' } & ChoiceUi)
  /** Medical checklists: 'None Known' and 'No chronic conditions preferred' are exclusive. */
  | ({ kind: 'checklist' } & ChoiceUi)
  /** Attributes shown ticked unless the draft lists them (the dealbreakers a parent unticked). */
  | ({ kind: 'unticked' } & ChoiceUi)
  | { kind: 'yes-no'; label: string }
  /** The 0-100 slider in steps of 25; `thumbLabel` names the thumb when it differs from the label. */
  | { kind: 'importance'; label: string; thumbLabel?: string }
  | { kind: 'text'; label: string; description: string; maxLength: number }
  | { kind: 'location' }
  /** Not asked: filled in by another answer (the picked place's coordinates, country and ZIP code). */
  | { kind: 'filled' };

/** The kinds that can hold a draft value of type V. */
type UiFor<V> = [V] extends [readonly string[]]
  ? Extract<QuestionUi, { kind: 'single-list' | 'multi' | 'checklist' | 'unticked' }>
  : [V] extends [YesNo]
    ? Extract<QuestionUi, { kind: 'yes-no' | 'single' }>
    : [V] extends [string]
      ? Extract<QuestionUi, { kind: 'single' | 'text' | 'location' | 'filled' }>
      : Extract<QuestionUi, { kind: 'importance' | 'filled' }>;

export type ReviewEntry = {
  /** Position among Review's rows (the spec's order, which is not the steps' order). */
  order: number;
  label: string;
  /** The value shown, when the kind's default will not do; null leaves the row out. */
  show?: (d: WizardDraft) => string | null;
  /** User-entered conditions are cut at 50 characters. */
  cut?: true;
};

type Common<K extends DraftKey> = {
  /** The step that asks it; null when another answer fills it in. */
  step: StepId | null;
  empty: WizardDraft[K];
  /** The spec's message when the question is left unanswered; absent for an optional question. */
  required?: string;
  /** A further rule once answered, with its own message. */
  invalid?: { message: string; test: (d: WizardDraft) => boolean };
  /** Asked (shown, validated and reviewed) only when this holds. */
  when?: (d: WizardDraft) => boolean;
  /** Its row on Review, or null where Review does not show it. */
  review: ReviewEntry | null;
  /** What the answer sends; keys with the value undefined are left out. */
  payload: (value: WizardDraft[K], d: WizardDraft) => object;
  /** The answer back from a saved set (the inverse of `payload`). */
  fromSaved: (raw: Saved) => WizardDraft[K];
};
export type Question<K extends DraftKey> = Common<K> & UiFor<WizardDraft[K]>;
/** Every draft key's question. */
export type QuestionTable = { [K in DraftKey]: Question<K> };
/** A question read without its own value type: what the field renderer, validation and Review use. */
export type AnyQuestion = Omit<Common<DraftKey>, 'empty' | 'payload' | 'fromSaved'> & QuestionUi;

/** Slider defaults from spec section 9: medical 50, lifestyle 100, values 25. */
export const SLIDER_DEFAULTS = { medical: 50, lifestyle: 100, values: 25 } as const;
/** How much post-match contact matters when the parent answers Yes; No or no answer sends 0 (ADR 007). */
export const POST_MATCH_WANTED = 5;

export const surrogate = (d: WizardDraft) => d.donor_type_preference === 'surrogate';
export const saidYes = (d: WizardDraft) => d.dealbreakers === 'yes';
/** Every dealbreaker flag except age follows the Yes/No answer and the attribute's tick (all ticked by default). */
export const dealbreaker = (d: WizardDraft, attribute: DealbreakerAttribute) =>
  saidYes(d) && !d.dealbreaker_exclusions.includes(attribute);
export const noPreference = { noPreference: true };
