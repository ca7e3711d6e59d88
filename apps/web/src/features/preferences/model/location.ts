/**
 * The Welcome step's location answer. Picking a suggestion stores its text, coordinates, country and ZIP code;
 * typing stores the text without coordinates (they belong to a picked place). Mantine's Autocomplete reports the
 * picked text as typed right after the pick, so typing the picked place's own text keeps the place.
 */
import type { PlaceSuggestion } from '../api/geocode.api.ts';
import type { WizardDraft } from './draft.ts';
import { zipOf } from './codec.ts';

export type LocationFields = Pick<
  WizardDraft,
  'location' | 'latitude' | 'longitude' | 'current_country' | 'primary_zip_code'
>;

export function placeFields(place: PlaceSuggestion): LocationFields {
  return {
    location: place.formatted,
    latitude: place.lat,
    longitude: place.lon,
    current_country: place.country,
    primary_zip_code: place.kind === 'zip' ? zipOf(place.formatted) : '',
  };
}

/** Fields for text in the box; `picked` is the suggestion picked last, if the parent has not typed since. */
export function typedLocationFields(text: string, picked: PlaceSuggestion | null): Partial<LocationFields> {
  if (picked && text === picked.formatted) return placeFields(picked);
  return { location: text, latitude: null, longitude: null, primary_zip_code: zipOf(text) };
}
