import { getCountryCallingCode } from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';

/**
 * The sign-up and profile country picker's search (issue 11: "India" + Enter picked British Indian Ocean
 * Territory, "UK" found only Ukraine, "USA" nothing). A query matches a country's English name, a common alias or
 * its dialling code; the best matches come first, so Enter picks what the person meant.
 */

/** Names people type that are not the English name Intl gives (lowercase ISO code). */
const ALIASES: Record<string, readonly string[]> = {
  gb: ['uk', 'u.k.', 'great britain', 'britain', 'england', 'scotland', 'wales', 'northern ireland'],
  us: ['usa', 'us', 'u.s.', 'u.s.a.', 'america', 'united states of america'],
  ae: ['uae', 'u.a.e.', 'emirates', 'dubai', 'abu dhabi'],
  nl: ['holland'],
  kr: ['korea', 'republic of korea'],
  tr: ['turkey'],
  cz: ['czech republic'],
  ci: ['ivory coast', "cote d'ivoire"],
  mm: ['burma'],
  sz: ['swaziland'],
  cv: ['cabo verde'],
  mk: ['macedonia'],
  cd: ['drc', 'dr congo', 'democratic republic of the congo'],
  cg: ['republic of the congo'],
  va: ['holy see', 'vatican'],
  ru: ['russian federation'],
  hk: ['hong kong'],
  mo: ['macau', 'macao'],
  ps: ['palestine'],
  tl: ['east timor'],
  kn: ['saint kitts and nevis'],
  lc: ['saint lucia'],
  vc: ['saint vincent and the grenadines'],
  st: ['sao tome and principe'],
};

/** For dialling codes several countries share, the one most people mean. */
const MAIN_FOR_CODE: Record<string, string> = {
  '1': 'us',
  '7': 'ru',
  '44': 'gb',
  '47': 'no',
  '61': 'au',
  '212': 'ma',
  '262': 're',
  '358': 'fi',
  '590': 'gp',
  '599': 'cw',
};

export type SearchableCountry = { value: string; label: string };

/** Lowercase, accents removed, '&' read as 'and', spaces squeezed. */
export function searchText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/&/g, 'and')
    .replace(/[’']/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function nameOf(label: string): string {
  return searchText(label.replace(/\s*\(\+\d+\)\s*$/, ''));
}

/** 0 is best; undefined means no match. */
function rank(country: SearchableCountry, query: string): number | undefined {
  const digits = /^\+?\s*(\d[\d\s-]*)$/.exec(query)?.[1]?.replace(/\D/g, '');
  if (digits) {
    let code: string;
    try {
      code = getCountryCallingCode(country.value.toUpperCase() as CountryCode);
    } catch {
      return undefined;
    }
    if (code === digits) return MAIN_FOR_CODE[digits] === country.value ? 0 : 1;
    return code.startsWith(digits) ? 2 : undefined;
  }
  const name = nameOf(country.label);
  const aliases = (ALIASES[country.value] ?? []).map(searchText);
  if (name === query || aliases.includes(query) || country.value === query) return 0;
  if (name.startsWith(query) || aliases.some((a) => a.startsWith(query))) return 1;
  if (name.split(/[\s(),.-]+/).some((word) => word.startsWith(query))) return 2;
  if (name.includes(query) || aliases.some((a) => a.includes(query))) return 3;
  return undefined;
}

/** The countries matching `search`, best first, then by name; every country when the search is empty. */
export function searchCountries<T extends SearchableCountry>(countries: readonly T[], search: string): T[] {
  const query = searchText(search);
  if (!query) return [...countries];
  return countries
    .map((country) => ({ country, score: rank(country, query) }))
    .filter((r): r is { country: T; score: number } => r.score !== undefined)
    .sort((a, b) => a.score - b.score || a.country.label.localeCompare(b.country.label))
    .map((r) => r.country);
}
