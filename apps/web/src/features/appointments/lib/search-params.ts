import {
  APPOINTMENT_CATEGORIES,
  VISIT_MODES,
  type AppointmentCategory,
  type ClinicSearchQuery,
  type VisitMode,
} from '@kindred/shared/appointments.schemas';

/**
 * The /book-appoinment search as the form holds it and as the address bar shows it, so a search can be shared and
 * reloaded. Dates in the form are YYYY-MM-DD (shown as dd/mm/yyyy by the date input).
 */
export type SearchValues = {
  category: AppointmentCategory | '';
  location: string;
  lat: number | null;
  lon: number | null;
  date: string;
  mode: VisitMode | '';
  days: number | null;
};

export const EMPTY_SEARCH: SearchValues = {
  category: '',
  location: '',
  lat: null,
  lon: null,
  date: '',
  mode: '',
  days: null,
};

const SEARCH_KEYS = ['category', 'location', 'lat', 'lon', 'date', 'mode', 'days'] as const;

function numberOr(value: string | null, min: number, max: number): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
}

/** Reads a search from the address bar; anything unknown or malformed is dropped, never an error. */
export function searchFromParams(params: URLSearchParams): SearchValues {
  const category = params.get('category') ?? '';
  const mode = params.get('mode') ?? '';
  const date = params.get('date') ?? '';
  const days = numberOr(params.get('days'), 1, 14);
  return {
    category: (APPOINTMENT_CATEGORIES as readonly string[]).includes(category) ? (category as AppointmentCategory) : '',
    location: (params.get('location') ?? '').slice(0, 200),
    lat: numberOr(params.get('lat'), -90, 90),
    lon: numberOr(params.get('lon'), -180, 180),
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : '',
    mode: (VISIT_MODES as readonly string[]).includes(mode) ? (mode as VisitMode) : '',
    days: days === null ? null : Math.round(days),
  };
}

/** The address-bar form of a search: only the fields that are set. */
export function searchToParams(values: SearchValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of SEARCH_KEYS) {
    const v = values[key];
    if (v !== null && v !== '') out[key] = String(v);
  }
  if (out.lat === undefined || out.lon === undefined) {
    delete out.lat;
    delete out.lon;
  }
  return out;
}

/** The API query of a search. */
export function searchToQuery(values: SearchValues): ClinicSearchQuery {
  const p = searchToParams(values);
  return {
    category: values.category || undefined,
    location: p.location,
    lat: p.lat === undefined ? undefined : Number(p.lat),
    lon: p.lon === undefined ? undefined : Number(p.lon),
    date: p.date,
    mode: values.mode || undefined,
    days: values.days ?? undefined,
  };
}

export type QuickSearch = { id: string; label: string; values: (ctx: QuickSearchContext) => SearchValues };
/** What a quick search may use: today's date and the parent's location (the form's, else their saved one). */
export type QuickSearchContext = { today: string; location: Pick<SearchValues, 'location' | 'lat' | 'lon'> };

/** The Quick Search chips: each runs a real search. */
export const QUICK_SEARCHES: readonly QuickSearch[] = [
  {
    id: 'egg-near-me',
    label: 'Egg donor consult near me',
    values: ({ location }) => ({ ...EMPTY_SEARCH, category: 'egg', ...location }),
  },
  {
    id: 'video-this-week',
    label: 'Video consult this week',
    values: ({ today }) => ({ ...EMPTY_SEARCH, mode: 'video', date: today, days: 7 }),
  },
  { id: 'surrogacy', label: 'Surrogacy consult', values: () => ({ ...EMPTY_SEARCH, category: 'surrogate' }) },
  { id: 'ivf', label: 'IVF consult', values: () => ({ ...EMPTY_SEARCH, category: 'ivf' }) },
  { id: 'sperm', label: 'Sperm donor consult', values: () => ({ ...EMPTY_SEARCH, category: 'sperm' }) },
];

/** A date typed as dd/mm/yyyy (or d/m/yyyy, with / . or - between) as YYYY-MM-DD; null when it is no real date. */
export function parseDayMonthYear(text: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/** The Choose Date field's messages when what was typed cannot be searched. */
export const DATE_FIELD_MSG = {
  notADate: 'Please enter a real date as dd/mm/yyyy',
  past: 'Please choose today or a later date.',
} as const;

/**
 * What the Choose Date field holds as typed: an empty field is no date (''), a real date from `today` on is that
 * date (YYYY-MM-DD), anything else is the field's error. The date input itself ignores text it cannot parse, so
 * the typed text is checked on blur and before a search, and a search never runs on a date the field does not show.
 */
export function readTypedDate(text: string, today: string): { date: string } | { error: string } {
  if (text.trim() === '') return { date: '' };
  const date = parseDayMonthYear(text);
  if (date === null) return { error: DATE_FIELD_MSG.notADate };
  if (date < today) return { error: DATE_FIELD_MSG.past };
  return { date };
}
