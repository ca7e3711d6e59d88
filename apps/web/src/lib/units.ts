import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useSyncExternalStore } from 'react';
import { readProfileData, subscribeSession } from './session.ts';

/**
 * Distances and heights in the units of the parent's country (issue 24): miles and feet/inches in the United States
 * and its territories, kilometres and centimetres elsewhere. The United States is the one large country that has not
 * adopted the metric system for everyday use (NIST, "The United States and the metric system", SP 1143); the issue
 * names it alone, so the territories that follow its usage are the only others here. Donors' heights arrive in
 * inches and distances in km (the engine's units); only the display converts.
 */
export type UnitSystem = 'imperial' | 'metric';

/** ISO 3166 codes of the places that measure in miles, feet and inches: the US and its inhabited territories. */
export const IMPERIAL_COUNTRIES: ReadonlySet<string> = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM']);

const KM_PER_MILE = 1.609344;
const CM_PER_INCH = 2.54;
const KG_PER_LB = 0.45359237;

export function unitSystemFor(country: string | null | undefined): UnitSystem {
  return country && IMPERIAL_COUNTRIES.has(country.toUpperCase()) ? 'imperial' : 'metric';
}

/**
 * The parent's country: the one of the phone number given at sign-up (the only country the account holds), else the
 * region of the browser's language ("en-GB" → GB), else none.
 */
export function parentCountry(phone: string | null | undefined, language: string | undefined): string | null {
  const fromPhone = phone ? parsePhoneNumberFromString(phone)?.country : undefined;
  if (fromPhone) return fromPhone;
  try {
    return language ? (new Intl.Locale(language).maximize().region ?? null) : null;
  } catch {
    return null;
  }
}

/** '1,234 km away' or '767 mi away'; 'Under 1 km away' ('Under 1 mi away'); null when unknown. */
export function distanceText(km: number | null | undefined, units: UnitSystem): string | null {
  if (km === null || km === undefined) return null;
  const [value, unit] = units === 'imperial' ? [km / KM_PER_MILE, 'mi'] : [km, 'km'];
  return value < 1 ? `Under 1 ${unit} away` : `${Math.round(value).toLocaleString('en-US')} ${unit} away`;
}

/** A clinic's distance, which the search answers in miles, as ' · 12 mi away' or ' · 19 km away'. */
export function milesText(miles: number, units: UnitSystem): string {
  return distanceText(miles * KM_PER_MILE, units)!;
}

/** '5 ft 6 in' or '168 cm'; '—' when unknown. */
export function heightText(inches: number | null, units: UnitSystem): string {
  if (inches === null) return '—';
  if (units === 'metric') return `${Math.round(inches * CM_PER_INCH)} cm`;
  const i = Math.round(inches);
  return `${Math.floor(i / 12)} ft ${i % 12} in`;
}

/** '143 lb' or '65 kg'; '—' when unknown. */
export function weightText(lb: number | null, units: UnitSystem): string {
  if (lb === null) return '—';
  return units === 'metric' ? `${Math.round(lb * KG_PER_LB)} kg` : `${Math.round(lb)} lb`;
}

/**
 * The engine's sentences in the parent's units (issue 24). The engine writes its measures one way, whatever the
 * parent's country: distances as "1,450 km" and heights as "68 in" or a range "66-72 in" (ADR 009); this rewrites
 * exactly those, and leaves every other word alone.
 */
export function measuresIn(text: string, units: UnitSystem): string {
  const cm = (inches: string) => Math.round(Number(inches) * CM_PER_INCH);
  // One pass, so a measure already rewritten ("5 ft 10 in") is never read again.
  return text.replace(
    /\b(\d{2,3})(?:-(\d{2,3}))? in\b|\b(\d{1,3}(?:,\d{3})*) km\b/g,
    (whole, from?: string, to?: string, km?: string) => {
      if (km !== undefined) {
        if (units === 'metric') return whole;
        return `${Math.round(Number(km.replace(/,/g, '')) / KM_PER_MILE).toLocaleString('en-US')} mi`;
      }
      if (to === undefined) return heightText(Number(from), units);
      return units === 'metric'
        ? `${cm(from!)}-${cm(to)} cm`
        : `${heightText(Number(from), units)} to ${heightText(Number(to), units)}`;
    },
  );
}

/** Whole km from a number of miles (the distance filter keeps km in the address). */
export const milesToKm = (miles: number) => Math.round(miles * KM_PER_MILE);

const currentUnits = (): UnitSystem =>
  unitSystemFor(parentCountry(readProfileData()?.phone_number, globalThis.navigator?.language));

/** The signed-in parent's units (or a visitor's, from the browser's language); follows sign-in and sign-out. */
export function useUnitSystem(): UnitSystem {
  return useSyncExternalStore(subscribeSession, currentUnits, () => 'metric');
}
