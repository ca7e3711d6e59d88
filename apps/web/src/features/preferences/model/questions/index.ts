/**
 * Every wizard question, described once (one file per step; what an entry says is in kit.ts). Step components,
 * validation, Review, the payload and the reopening of a saved set all read this table, in its order (the order
 * on screen).
 *
 * The compiler ties it together: the table must have an entry for every draft key, each with its payload,
 * reverse mapping and Review entry (`null` where Review does not show it), and EVERY_PREFERENCE_HAS_A_QUESTION
 * below fails to compile when a preference of the shared schema is sent by no question (or a question sends a
 * key the schema does not have).
 */
import { PREFERENCE_DEFAULTS, type RawPreferences } from '@kindred/shared/preferences';
import type { Saved } from '../codec.ts';
import type { Option } from '../options.ts';
import { DEMOGRAPHIC_QUESTIONS } from './demographic.ts';
import type { AnyQuestion, DraftKey, PreferencePayload, Question, QuestionTable, StepId, WizardDraft } from './kit.ts';
import { LIFESTYLE_QUESTIONS } from './lifestyle.ts';
import { MEDICAL_QUESTIONS } from './medical.ts';
import { PREGNANCY_QUESTIONS } from './pregnancy.ts';
import { VALUES_QUESTIONS } from './values.ts';
import { WELCOME_QUESTIONS } from './welcome.ts';

export { ALL_STEPS, POST_MATCH_WANTED } from './kit.ts';
export type {
  AnyQuestion,
  DraftKey,
  PreferencePayload,
  Question,
  QuestionUi,
  ReviewEntry,
  StepId,
  WizardDraft,
} from './kit.ts';

export const QUESTIONS = {
  ...WELCOME_QUESTIONS,
  ...DEMOGRAPHIC_QUESTIONS,
  ...MEDICAL_QUESTIONS,
  ...PREGNANCY_QUESTIONS,
  ...LIFESTYLE_QUESTIONS,
  ...VALUES_QUESTIONS,
} satisfies QuestionTable;

/** Every draft key, in the table's (the screen's) order. */
export const QUESTION_KEYS = Object.keys(QUESTIONS) as DraftKey[];

export const questionOf = (key: DraftKey): AnyQuestion => QUESTIONS[key];
/** The keys asked on a step, in order. */
export const questionsOn = (step: StepId) => QUESTION_KEYS.filter((key) => QUESTIONS[key].step === step);
/** Whether a question is asked for this draft (its `when`, if any). */
export const isAsked = (key: DraftKey, d: WizardDraft) => questionOf(key).when?.(d) ?? true;

/** The options of a choice question; none for other kinds. */
export function optionsOf(key: DraftKey): readonly Option[] {
  const q = questionOf(key);
  return 'options' in q ? q.options : [];
}

type Codecs = { [K in DraftKey]: Pick<Question<K>, 'empty' | 'payload' | 'fromSaved'> };
const CODECS: Codecs = QUESTIONS;
/** A draft holding `answer(key)` for every question. */
export function draftOf(answer: <K extends DraftKey>(key: K) => WizardDraft[K]): WizardDraft {
  const d: Partial<Record<DraftKey, unknown>> = {};
  for (const key of QUESTION_KEYS) d[key] = answer(key);
  return d as WizardDraft;
}
/** A question's unanswered value. */
export const emptyAnswer = <K extends DraftKey>(key: K): WizardDraft[K] => CODECS[key].empty;
/** What one answer sends. */
export const payloadOf = <K extends DraftKey>(key: K, d: WizardDraft): object => CODECS[key].payload(d[key], d);
/** One answer back from a saved set. */
export const savedAnswer = <K extends DraftKey>(key: K, raw: Saved): WizardDraft[K] => CODECS[key].fromSaved(raw);

/** Sent with every set, asked by no question: spec section 9's forced default. */
export const FIXED_PAYLOAD = {
  fertility_treatments_preference: PREFERENCE_DEFAULTS.fertility_treatments_preference,
};
/**
 * Keys of the shared schema the wizard never sends: the combined dealbreakers answer (sent as its five flags,
 * ADR 007) and other clients' importance spellings.
 */
type NotAsked =
  'dealbreakers' | 'importance_physical' | 'importance_education' | 'importance_medical' | 'importance_personality';
type Sent = { [K in DraftKey]: keyof ReturnType<(typeof QUESTIONS)[K]['payload']> }[DraftKey];
type Unasked = Exclude<keyof RawPreferences, Sent | keyof typeof FIXED_PAYLOAD | NotAsked>;
type NotInSchema = Exclude<Sent, keyof PreferencePayload>;
/**
 * Compiles only when every preference of the shared schema is sent by a question above (or is listed as not
 * asked) and no question sends a key the schema does not have; the error names the key.
 */
export const EVERY_PREFERENCE_HAS_A_QUESTION: [Unasked | NotInSchema] extends [never] ? true : Unasked | NotInSchema =
  true;
