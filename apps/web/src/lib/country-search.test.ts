import { describe, expect, it } from 'vitest';
import { countryOptions } from './phone.ts';
import { searchCountries } from './country-search.ts';

const options = countryOptions();
const first = (search: string) => searchCountries(options, search)[0]?.value;
const values = (search: string) => searchCountries(options, search).map((c) => c.value);

describe('country search (what Enter picks is the first result)', () => {
  it('puts the country named exactly before names that merely contain it', () => {
    expect(first('India')).toBe('in');
    expect(values('India')).toContain('io'); // British Indian Ocean Territory still matches, later
    expect(first('niger')).toBe('ne');
    expect(values('niger').slice(0, 2)).toEqual(['ne', 'ng']);
  });

  it('finds common aliases', () => {
    expect(first('UK')).toBe('gb');
    expect(values('UK')).toContain('ua');
    expect(first('USA')).toBe('us');
    expect(first('us')).toBe('us');
    expect(first('UAE')).toBe('ae');
    expect(first('holland')).toBe('nl');
    expect(first('Turkey')).toBe('tr');
    expect(first('england')).toBe('gb');
  });

  it('finds dialling codes, with or without +, the main country of a shared code first', () => {
    expect(first('+44')).toBe('gb');
    expect(first('44')).toBe('gb');
    expect(first('+1')).toBe('us');
    expect(values('+1')).toContain('ca');
    expect(first('+91')).toBe('in');
    expect(first('+353')).toBe('ie');
  });

  it('ignores case and accents, and reads & as and', () => {
    expect(first('cote')).toBe('ci');
    expect(first('sao tome')).toBe('st');
    expect(first('st. kitts and nevis')).toBe('kn');
  });

  it('matches the start of a later word before a substring elsewhere', () => {
    expect(first('zealand')).toBe('nz');
    expect(first('korea')).toBe('kr');
  });

  it('lists every country for an empty search and nothing for nonsense', () => {
    expect(searchCountries(options, '  ')).toHaveLength(options.length);
    expect(searchCountries(options, 'qqqq')).toEqual([]);
  });
});
