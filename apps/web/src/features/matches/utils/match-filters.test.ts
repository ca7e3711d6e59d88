import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  draftOf,
  filtersFromDraft,
  filtersKey,
  parseMatchQuery,
  withMatchQuery,
} from './match-filters.ts';

const q = (s: string) => parseMatchQuery(new URLSearchParams(s));

describe('results-page filters in the address', () => {
  it('reads sort and filters, and writes them back the same way (other parameters kept)', () => {
    const query = q(
      'sort=distance&age_min=24&age_max=30&height_min=62&education=masters&within_km=250' +
        '&disclosure=OPEN,KNOWN&reserved=1&tab=unlocked',
    );
    expect(query).toEqual({
      sort: 'distance',
      filters: {
        ageMin: 24,
        ageMax: 30,
        heightMin: 62,
        minEducation: 'masters',
        maxDistanceKm: 250,
        disclosure: ['OPEN', 'KNOWN'],
        includeReserved: true,
      },
    });
    const written = withMatchQuery(new URLSearchParams('tab=unlocked&age_min=99'), query);
    expect(written.get('tab')).toBe('unlocked');
    expect(parseMatchQuery(written)).toEqual(query);
    expect(
      withMatchQuery(new URLSearchParams('sort=distance&age_min=20&tab=unlocked'), {
        sort: 'score',
        filters: {},
      }).toString(),
    ).toBe('tab=unlocked');
  });

  it('drops anything a hand-edited link gets wrong, never failing the page', () => {
    expect(
      q(
        'sort=age&age_min=17&age_max=abc&height_max=120&education=phd&within_km=0' +
          '&disclosure=SECRET,OPEN,OPEN&reserved=yes',
      ),
    ).toEqual({ sort: 'score', filters: { disclosure: ['OPEN'] } });
    expect(q('age_min=40&age_max=30&height_min=70&height_max=72')).toEqual({
      sort: 'score',
      filters: { heightMin: 70, heightMax: 72 },
    });
    expect(q('')).toEqual({ sort: 'score', filters: {} });
  });

  it('counts active filters and keys them stably', () => {
    expect(activeFilterCount({ ageMin: 20, disclosure: ['OPEN'], includeReserved: true })).toBe(3);
    expect(activeFilterCount({ ageMin: 20, ageMax: 30, heightMax: 70 })).toBe(2);
    expect(activeFilterCount({})).toBe(0);
    expect(filtersKey({ ageMin: 20, ageMax: 30 })).toBe(filtersKey({ ageMax: 30, ageMin: 20 }));
  });
});

describe('the filter form', () => {
  it('turns a draft into the filters the server is sent, checked with its schema', () => {
    const draft = {
      ...draftOf({}),
      ageMin: '25',
      ageMax: ' 35 ',
      heightMax: '72',
      minEducation: 'college',
      disclosure: ['ANON'],
      availability: 'reserved' as const,
    };
    expect(filtersFromDraft(draft)).toEqual({
      filters: {
        ageMin: 25,
        ageMax: 35,
        heightMax: 72,
        minEducation: 'college',
        disclosure: ['ANON'],
        includeReserved: true,
      },
    });
    // Every disclosure type ticked is no filter at all.
    expect(filtersFromDraft({ ...draftOf({}), disclosure: ['ANON', 'OPEN', 'KNOWN'] })).toEqual({ filters: {} });
    expect(draftOf({ ageMin: 25, includeReserved: true })).toMatchObject({
      ageMin: '25',
      ageMax: '',
      availability: 'reserved',
    });
  });

  it('explains what is wrong next to the field', () => {
    expect(filtersFromDraft({ ...draftOf({}), ageMin: '16' }).errors).toEqual({
      ageMin: 'Minimum age must be between 18 and 60.',
    });
    expect(filtersFromDraft({ ...draftOf({}), ageMin: '2x' }).errors).toEqual({ ageMin: 'Enter a whole number.' });
    expect(filtersFromDraft({ ...draftOf({}), ageMin: '40', ageMax: '30' }).errors).toEqual({
      ageMax: 'Minimum age must not be above maximum age.',
    });
    expect(filtersFromDraft({ ...draftOf({}), heightMin: '72', heightMax: '60' }).errors).toEqual({
      heightMax: 'Minimum height must not be above maximum height.',
    });
  });
});
