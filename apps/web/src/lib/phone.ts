import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';

/** Country picker option: value is the lowercase ISO code ('us'), as the spec's default names it. */
export type CountryOption = { value: string; label: string };

export const DEFAULT_COUNTRY = 'us';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function toCountryCode(country: string): CountryCode | undefined {
  const upper = country.toUpperCase();
  return (getCountries() as string[]).includes(upper) ? (upper as CountryCode) : undefined;
}

/** Every country libphonenumber knows, named in English with its calling code, sorted by name. */
export function countryOptions(): CountryOption[] {
  return getCountries()
    .map((code) => ({
      value: code.toLowerCase(),
      label: `${regionNames.of(code) ?? code} (+${getCountryCallingCode(code)})`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * Combines the picked country and the typed national number into E.164 (+15551234567), the form the server keeps.
 * Input that cannot be parsed is still combined digit by digit so the shared validation can reject it with the
 * spec's message instead of it silently vanishing.
 */
export function combinePhone(country: string, national: string): string {
  const trimmed = national.trim();
  if (!trimmed) return '';
  const code = toCountryCode(country);
  if (trimmed.startsWith('+')) return parsePhoneNumberFromString(trimmed)?.number ?? trimmed.replace(/[^\d+]/g, '');
  if (!code) return trimmed.replace(/\D/g, '');
  const parsed = parsePhoneNumberFromString(trimmed, code);
  if (parsed) return parsed.number;
  return `+${getCountryCallingCode(code)}${trimmed.replace(/\D/g, '')}`;
}

/** Splits a stored E.164 number back into picker country and national number for editing. */
export function splitPhone(e164: string, fallbackCountry = DEFAULT_COUNTRY): { country: string; national: string } {
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  if (!parsed) return { country: fallbackCountry, national: e164.replace(/^\+/, '') };
  return { country: (parsed.country ?? fallbackCountry).toLowerCase(), national: parsed.formatNational() };
}

/** A stored number shown to people: international format when it parses, as stored otherwise. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** '+1' for 'us'; empty for an unknown country. */
export function callingCodeOf(country: string): string {
  const code = toCountryCode(country);
  return code ? `+${getCountryCallingCode(code)}` : '';
}
