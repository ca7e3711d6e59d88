import { describe, expect, it } from 'vitest';
import { distanceText, heightText, milesText, parentCountry, unitSystemFor, weightText } from './units.ts';

describe("units of the parent's country", () => {
  it('takes the country of the phone number, else the browser language region', () => {
    expect(parentCountry('+12025550143', 'en-GB')).toBe('US');
    expect(parentCountry('+442079460958', 'en-US')).toBe('GB');
    expect(parentCountry(undefined, 'en-GB')).toBe('GB');
    expect(parentCountry('', 'de')).toBe('DE');
    expect(parentCountry(undefined, undefined)).toBeNull();
    expect(unitSystemFor('US')).toBe('imperial');
    expect(unitSystemFor('pr')).toBe('imperial');
    for (const c of ['GB', 'CA', 'DE', 'AU', null]) expect(unitSystemFor(c)).toBe('metric');
  });

  it('shows distances in miles in the US and km elsewhere', () => {
    expect(distanceText(1234, 'metric')).toBe('1,234 km away');
    expect(distanceText(1234, 'imperial')).toBe('767 mi away');
    expect(distanceText(0.4, 'metric')).toBe('Under 1 km away');
    expect(distanceText(1.2, 'imperial')).toBe('Under 1 mi away');
    expect(distanceText(null, 'imperial')).toBeNull();
    expect(milesText(12, 'imperial')).toBe('12 mi away');
    expect(milesText(12, 'metric')).toBe('19 km away');
  });

  it('shows heights in feet and inches in the US and cm elsewhere, weights in lb or kg', () => {
    expect(heightText(66, 'imperial')).toBe('5 ft 6 in');
    expect(heightText(66, 'metric')).toBe('168 cm');
    expect(heightText(null, 'metric')).toBe('—');
    expect(weightText(143, 'imperial')).toBe('143 lb');
    expect(weightText(143, 'metric')).toBe('65 kg');
  });
});
