/** The Values and Legal step's questions (see kit.ts for what each entry says). */
import { RELIGIONS } from '@kindred/shared/vocabulary';
import { bool, choicesOf, isNoPref, listOf, num, yesNo } from '../codec.ts';
import { capitalisedChoices } from '../options.ts';
import { POST_MATCH_WANTED, SLIDER_DEFAULTS, surrogate, type QuestionTable } from './kit.ts';

export const VALUES_QUESTIONS = {
  preferred_religions: {
    step: 'values',
    kind: 'single-list',
    legend: 'Religion',
    options: capitalisedChoices(RELIGIONS),
    empty: [],
    required: 'Please select a religion.',
    review: { order: 180, label: 'Religion' },
    payload: (v) => ({ preferred_religions: listOf(v), religion_no_preference: isNoPref(v) }),
    fromSaved: (raw) => choicesOf(raw, 'preferred_religions', 'religion_no_preference'),
  },
  values_legal_importance: {
    step: 'values',
    kind: 'importance',
    label: 'How important are values and legal factors to you?',
    empty: SLIDER_DEFAULTS.values,
    // 0-100: the slider offers 0 ('Not Important'); the spec's 1-100 would refuse it (ADR 007).
    invalid: {
      message: 'Please select a valid age.',
      test: (d) => !(d.values_legal_importance >= 0 && d.values_legal_importance <= 100),
    },
    review: { order: 220, label: 'Values importance' },
    payload: (v) => ({ values_legal_importance: v }),
    fromSaved: (raw) => num(raw.values_legal_importance) ?? SLIDER_DEFAULTS.values,
  },
  post_match_communication: {
    step: 'values',
    kind: 'yes-no',
    label: 'Are you interested in post-match communication with the donor?',
    empty: '',
    review: null,
    payload: (v) => ({ post_match_communication_importance: v === 'yes' ? POST_MATCH_WANTED : 0 }),
    // A skipped question comes back as No: both send 0.
    fromSaved: (raw) => {
      const n = num(raw.post_match_communication_importance);
      return n === null ? '' : n > 0 ? 'yes' : 'no';
    },
  },
  health_insurance_required: {
    step: 'values',
    kind: 'yes-no',
    label: 'Surrogate must have their own health insurance covering pregnancy?',
    empty: '',
    when: surrogate,
    review: null,
    payload: (v, d) => ({ health_insurance_required: surrogate(d) ? v === 'yes' : undefined }),
    fromSaved: (raw) => yesNo(bool(raw.health_insurance_required)),
  },
} satisfies Partial<QuestionTable>;
