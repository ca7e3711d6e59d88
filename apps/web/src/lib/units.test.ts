import { describe, expect, it } from 'vitest';
import { distanceText, heightText, measuresIn, milesText, parentCountry, unitSystemFor, weightText } from './units.ts';

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

describe("the engine's sentences in the parent's units (issue 24)", () => {
  const height = 'Height: 68 in, within your range (60-65 in, 66-72 in).';
  const distance = 'Distance: about 1,450 km from you; a surrogate within 80 km counts in full.';

  it('a US parent reads miles and feet and inches', () => {
    expect(measuresIn(height, 'imperial')).toBe(
      'Height: 5 ft 8 in, within your range (5 ft 0 in to 5 ft 5 in, 5 ft 6 in to 6 ft 0 in).',
    );
    expect(measuresIn(distance, 'imperial')).toBe(
      'Distance: about 901 mi from you; a surrogate within 50 mi counts in full.',
    );
  });

  it('everyone else reads km and cm', () => {
    expect(measuresIn(height, 'metric')).toBe('Height: 173 cm, within your range (152-165 cm, 168-183 cm).');
    expect(measuresIn(distance, 'metric')).toBe(distance);
  });

  it('leaves other words and numbers alone', () => {
    const other = 'Age: 31, outside your range (26-30). Education: college, in line with your minimum.';
    expect(measuresIn(other, 'imperial')).toBe(other);
    expect(measuresIn('Height: 70 in, outside your range (60-65 in).', 'imperial')).toBe(
      'Height: 5 ft 10 in, outside your range (5 ft 0 in to 5 ft 5 in).',
    );
  });
});
