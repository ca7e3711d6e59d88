/** The rows of 'Review Your Preferences' (spec section 2), in the spec's order: each question's Review entry. */
import { cut50, importanceLabel, reviewMany, reviewOne } from './options.ts';
import {
  emptyAnswer,
  isAsked,
  QUESTION_KEYS,
  questionOf,
  type AnyQuestion,
  type WizardDraft,
} from './questions/index.ts';

export { cut50 };

export type ReviewRow = { label: string; value: string };

/** Rows that are no question's: the spec shows importance as a fixed 100%. */
const FIXED_ROWS = [{ order: 30, label: 'Importance', value: '100%' }];

/** How Review names a slider the parent left where it started (issue 24). */
export const DEFAULT_IMPORTANCE = 'Default importance (not changed)';

/** An optional question left unanswered: Review has no row for it (not a "—"). */
function unanswered(q: AnyQuestion, value: unknown, empty: unknown): boolean {
  if (q.required !== undefined || q.kind === 'importance') return false;
  if (Array.isArray(value)) return value.length === 0;
  return value === empty || value === null || value === '';
}

/** The answer as Review shows it, by the question's kind. */
function shown(q: AnyQuestion, value: WizardDraft[keyof WizardDraft], empty: unknown): string {
  switch (q.kind) {
    case 'single':
      return reviewOne(q.options, value as string);
    case 'single-list':
    case 'multi':
    case 'checklist':
      return reviewMany(q.options, value as string[]);
    case 'unticked': {
      const on = q.options.filter((o) => !(value as string[]).includes(o.value));
      return on.length === 0 ? '—' : on.map((o) => o.label).join(', ');
    }
    case 'importance': {
      // An untouched slider is sent at its default: say the value it sends, and that it is the default.
      const v = (value as number | null) ?? (empty as number);
      return v === empty || value === null
        ? `${DEFAULT_IMPORTANCE}: ${v}% (${importanceLabel(v)})`
        : `${v}% (${importanceLabel(v)})`;
    }
    case 'yes-no':
      return value === 'yes' ? 'Yes' : value === 'no' ? 'No' : '—';
    default:
      return typeof value === 'string' && value !== '' ? value : '—';
  }
}

export function reviewRows(d: WizardDraft): ReviewRow[] {
  const rows = [...FIXED_ROWS];
  for (const key of QUESTION_KEYS) {
    const q = questionOf(key);
    if (q.review === null || !isAsked(key, d)) continue;
    if (!q.review.show && unanswered(q, d[key], emptyAnswer(key))) continue;
    const value = q.review.show ? q.review.show(d) : shown(q, d[key], emptyAnswer(key));
    if (value === null) continue;
    rows.push({ order: q.review.order, label: q.review.label, value: q.review.cut ? cut50(value) : value });
  }
  return rows.sort((a, b) => a.order - b.order).map(({ label, value }) => ({ label, value }));
}
