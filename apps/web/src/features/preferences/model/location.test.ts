import { describe, expect, it } from 'vitest';
import type { PlaceSuggestion } from '../api/geocode.api.ts';
import { placeFields, typedLocationFields } from './location.ts';

const chicago: PlaceSuggestion = {
  formatted: 'Chicago, IL, United States',
  lat: 41.85,
  lon: -87.65,
  kind: 'city',
  country: 'US',
};
const zip: PlaceSuggestion = {
  formatted: '60601, Chicago, IL, United States',
  lat: 41.88,
  lon: -87.62,
  kind: 'zip',
  country: 'US',
};

describe('the Welcome step location', () => {
  it('a picked suggestion keeps its coordinates, country and ZIP code', () => {
    expect(placeFields(chicago)).toEqual({
      location: chicago.formatted,
      latitude: 41.85,
      longitude: -87.65,
      current_country: 'US',
      primary_zip_code: '',
    });
    expect(placeFields(zip)).toMatchObject({ primary_zip_code: '60601', latitude: 41.88 });
  });

  it('the change event the Autocomplete sends right after a pick (the picked text) keeps the coordinates', () => {
    // Mantine calls onOptionSubmit, then onChange with the option's text: the second must not undo the first.
    const afterPick = { ...placeFields(chicago), ...typedLocationFields(chicago.formatted, chicago) };
    expect(afterPick).toMatchObject({ location: chicago.formatted, latitude: 41.85, longitude: -87.65 });
  });

  it('typed text has no coordinates until a suggestion is picked', () => {
    expect(typedLocationFields('Chica', null)).toEqual({
      location: 'Chica',
      latitude: null,
      longitude: null,
      primary_zip_code: '',
    });
    expect(typedLocationFields('Chicago, IL, United State', chicago)).toMatchObject({
      latitude: null,
      longitude: null,
    });
    expect(typedLocationFields('90210', null)).toMatchObject({ primary_zip_code: '90210', latitude: null });
  });
});
