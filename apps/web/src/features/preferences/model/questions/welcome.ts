/** The Welcome Board step's questions (see kit.ts for what each entry says). */
import { DONOR_TYPES } from '@kindred/shared/vocabulary';
import { clean, num, text, token, zipOf } from '../codec.ts';
import { choices } from '../options.ts';
import type { QuestionTable } from './kit.ts';

export const WELCOME_QUESTIONS = {
  location: {
    step: 'welcome',
    kind: 'location',
    empty: '',
    required: 'Please enter your location.',
    review: { order: 20, label: 'Location' },
    payload: (v) => ({ location: v.trim() === '' ? undefined : v.trim() }),
    fromSaved: (raw) => text(raw.location),
  },
  latitude: {
    step: null,
    kind: 'filled',
    empty: null,
    review: null,
    payload: (v, d) => ({ latitude: v !== null && d.longitude !== null ? v : undefined }),
    fromSaved: (raw) => num(raw.latitude),
  },
  longitude: {
    step: null,
    kind: 'filled',
    empty: null,
    review: null,
    payload: (v, d) => ({ longitude: v !== null && d.latitude !== null ? v : undefined }),
    fromSaved: (raw) => num(raw.longitude),
  },
  primary_zip_code: {
    step: null,
    kind: 'filled',
    empty: '',
    review: null,
    payload: (v, d) => ({ primary_zip_code: v.trim() || zipOf(d.location) }),
    fromSaved: (raw) => text(raw.primary_zip_code),
  },
  current_country: {
    step: null,
    kind: 'filled',
    empty: '',
    review: null,
    payload: (v) => ({ current_country: v.trim().toUpperCase() }),
    fromSaved: (raw) => text(raw.current_country).toUpperCase(),
  },
  donor_type_preference: {
    step: 'welcome',
    kind: 'single',
    legend: 'Which donor are you looking for?',
    options: choices(DONOR_TYPES, { egg: 'Egg Donor', sperm: 'Sperm Donor', surrogate: 'Surrogate' }),
    empty: '',
    required: 'Please select a donor type.',
    review: { order: 10, label: 'Donor type' },
    payload: (v) => ({ donor_type_preference: clean(v) }),
    fromSaved: (raw) => token(raw.donor_type_preference),
  },
} satisfies Partial<QuestionTable>;
