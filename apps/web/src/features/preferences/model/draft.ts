/**
 * The wizard's draft answers, kept in browser storage under the spec's preference names (section 3) until the
 * Review step submits them. Each key holds a JSON value; reading is forgiving so a hand-edited or older entry
 * falls back to the default instead of breaking the wizard. DOM-free: callers pass the Storage.
 */
import { draftOf, emptyAnswer, QUESTION_KEYS, type DraftKey, type WizardDraft } from './questions/index.ts';

export type { YesNo } from './options.ts';
export type { DraftKey, WizardDraft };

/** Every answer unanswered: each question's empty answer (the sliders start at spec section 9's defaults). */
export const EMPTY_DRAFT: WizardDraft = draftOf(emptyAnswer);

export const DRAFT_KEYS: readonly DraftKey[] = QUESTION_KEYS;

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
