/**
 * One answer both ways: how the draft's value goes into the preference set (spec sections 4, 5 and 9: strings
 * trimmed and lowercased, 'No Preference' as [no_preference] with its flag, BRCA and thalassemia variants
 * collapsed) and how a saved set's value comes back into the draft. Reading back is forgiving, as sets saved by
 * other clients may spell things differently: what is missing or unreadable becomes the empty answer, and the
 * wizard asks for it again. The question table (questions.ts) uses these for every question.
 */
import { collapseGeneticCondition, toToken } from '@kindred/shared/preferences';
import { NO_CHRONIC_CONDITIONS, NO_PREFERENCE, NONE_KNOWN } from '@kindred/shared/vocabulary';
import { DEALBREAKER_OPTIONS, type DealbreakerAttribute, type YesNo } from './options.ts';

/** A saved set as stored: the submission's keys, values of any shape. */
export type Saved = Record<string, unknown>;

// ---- into the payload -----------------------------------------------------------------------------------------

export const clean = (v: string) => v.trim().toLowerCase();
const cleanList = (list: readonly string[]) => [...new Set(list.map(clean).filter((v) => v !== ''))];
export const isNoPref = (list: readonly string[]) => list.includes(NO_PREFERENCE);
/** A list with 'No Preference' goes out as [no_preference] alone. */
export const listOf = (list: readonly string[]) => (isNoPref(list) ? [NO_PREFERENCE] : cleanList(list));

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

// ---- back from a saved set ------------------------------------------------------------------------------------

export const text = (v: unknown) =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
export const token = (v: unknown) => text(v).toLowerCase();
/** A single choice stored as a string; anything else (a Yes/No from another client) is asked again. */
export const savedChoice = (v: unknown) => (typeof v === 'string' ? token(v) : '');

export function bool(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  const t = token(v);
  if (t === 'true' || t === 'yes') return true;
  if (t === 'false' || t === 'no') return false;
  return null;
}

export function num(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : NaN;
  return Number.isFinite(n) ? n : null;
}

function list(v: unknown): string[] {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
  return [...new Set(items.map(token).filter((t) => t !== ''))];
}

export const yesNo = (b: boolean | null): YesNo => (b === null ? '' : b ? 'yes' : 'no');

/** A list answer: 'No Preference' (in the list or as its X_no_preference flag) comes back as [no_preference] alone. */
export function choicesOf(raw: Saved, key: string, flag: string): string[] {
  const items = list(raw[key]);
  return bool(raw[flag]) === true || items.includes(NO_PREFERENCE) ? [NO_PREFERENCE] : items;
}

/** The genetic checklist: the payload's merged BRCA value ticks both boxes; None Known stays alone. */
export function geneticChoices(v: unknown): string[] {
  const items = list(v);
  if (items.includes(NONE_KNOWN)) return [NONE_KNOWN];
  return [...new Set(items.flatMap((c) => (c === 'brca1_brca2' ? ['brca1', 'brca2'] : [c])))];
}

export function chronicChoices(raw: Saved): string[] {
  const items = list(raw.acceptable_chronic_conditions).filter((c) => c !== NO_CHRONIC_CONDITIONS);
  if (items.length > 0) return items;
  // Sent as its flag (true unless the parent accepted conditions), never as a list item.
  return bool(raw.no_chronic_conditions_preferred) === false ? [] : [NO_CHRONIC_CONDITIONS];
}

/** The Yes/No answer and the unticked attributes, from the five per-attribute flags (or an older combined answer). */
export function dealbreakersOf(raw: Saved): { dealbreakers: YesNo; dealbreaker_exclusions: DealbreakerAttribute[] } {
  const combined = bool(raw.dealbreakers);
  const flags = DEALBREAKER_OPTIONS.map((o) => ({
    value: o.value,
    on: combined ?? bool(raw[`${o.value}_dealbreaker`]),
  }));
  if (flags.some((f) => f.on === true))
    return { dealbreakers: 'yes', dealbreaker_exclusions: flags.filter((f) => f.on !== true).map((f) => f.value) };
  return { dealbreakers: flags.some((f) => f.on === false) ? 'no' : '', dealbreaker_exclusions: [] };
}
