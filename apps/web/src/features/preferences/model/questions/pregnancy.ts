/** The Pregnancy History (surrogates only) step's questions (see kit.ts for what each entry says). */
import { bool, yesNo } from '../codec.ts';
import { opt } from '../options.ts';
import { surrogate, type QuestionTable } from './kit.ts';

export const PREGNANCY_QUESTIONS = {
  previous_full_term_pregnancies_preferred: {
    step: 'pregnancy',
    kind: 'single',
    legend: 'Pregnancy history',
    options: [opt('Must have a previous full-term pregnancy', 'yes'), opt('No preference', 'no')],
    empty: '',
    required: 'Please select pregnancy history',
    review: null,
    payload: (v, d) => ({ previous_full_term_pregnancies_preferred: surrogate(d) ? v === 'yes' : undefined }),
    fromSaved: (raw) => yesNo(bool(raw.previous_full_term_pregnancies_preferred)),
  },
  pregnancy_complications_ok: {
    step: 'pregnancy',
    kind: 'single',
    legend: 'Pregnancy complication history',
    options: [opt('No previous pregnancy complications', 'no'), opt('Complications are acceptable', 'yes')],
    empty: '',
    required: 'Please select pregnancy complication history',
    review: null,
    payload: (v, d) => ({ pregnancy_complications_ok: surrogate(d) ? v !== 'no' : undefined }),
    fromSaved: (raw) => yesNo(bool(raw.pregnancy_complications_ok)),
  },
} satisfies Partial<QuestionTable>;
