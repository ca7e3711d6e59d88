import { describe, expect, it } from 'vitest';
import { clinicSearchQuery } from '@kindred/shared/appointments.schemas';
import {
  EMPTY_SEARCH,
  DATE_FIELD_MSG,
  parseDayMonthYear,
  readTypedDate,
  QUICK_SEARCHES,
  searchFromParams,
  searchToParams,
  searchToQuery,
} from './search-params.ts';

describe('the booking search in the address bar', () => {
  it('round-trips a search through the query string', () => {
    const values = {
      ...EMPTY_SEARCH,
      category: 'egg' as const,
      location: 'Austin, TX',
      lat: 30.27,
      lon: -97.74,
      date: '2026-12-01',
    };
    const params = new URLSearchParams(searchToParams(values));
    expect(params.toString()).toBe('category=egg&location=Austin%2C+TX&lat=30.27&lon=-97.74&date=2026-12-01');
    expect(searchFromParams(params)).toEqual(values);
  });

  it('drops malformed or unknown values instead of failing', () => {
    const v = searchFromParams(new URLSearchParams('category=dogs&lat=200&lon=x&date=1/12/2026&mode=fax&days=99'));
    expect(v).toEqual(EMPTY_SEARCH);
    expect(searchToParams({ ...EMPTY_SEARCH, lat: 10 })).toEqual({});
  });

  it('builds API queries the server schema accepts, quick searches included', () => {
    const ctx = { today: '2026-11-25', location: { location: 'Denver, CO', lat: 39.7, lon: -104.9 } };
    for (const quick of QUICK_SEARCHES) {
      const query = searchToQuery(quick.values(ctx));
      expect(clinicSearchQuery.safeParse(query).success, quick.label).toBe(true);
    }
    expect(searchToQuery(QUICK_SEARCHES[1]!.values(ctx))).toMatchObject({ mode: 'video', date: '2026-11-25', days: 7 });
    expect(searchToQuery(QUICK_SEARCHES[0]!.values(ctx))).toMatchObject({ category: 'egg', location: 'Denver, CO' });
  });
});

describe('Choose Date typed as dd/mm/yyyy', () => {
  it('reads day first and refuses dates that do not exist', () => {
    expect(parseDayMonthYear('01/12/2026')).toBe('2026-12-01');
    expect(parseDayMonthYear('1.2.2027')).toBe('2027-02-01');
    expect(parseDayMonthYear('31/02/2026')).toBeNull();
    expect(parseDayMonthYear('2026-12-01')).toBeNull();
    expect(parseDayMonthYear('')).toBeNull();
  });

  it("reads the typed Choose Date: impossible and past dates are the field's error, never a silent empty date", () => {
    const today = '2026-11-27';
    expect(readTypedDate('', today)).toEqual({ date: '' });
    expect(readTypedDate('  ', today)).toEqual({ date: '' });
    expect(readTypedDate('05/12/2026', today)).toEqual({ date: '2026-12-05' });
    expect(readTypedDate('27/11/2026', today)).toEqual({ date: '2026-11-27' });
    expect(readTypedDate('31/02/2027', today)).toEqual({ error: DATE_FIELD_MSG.notADate });
    expect(readTypedDate('29/02/2027', today)).toEqual({ error: DATE_FIELD_MSG.notADate });
    expect(readTypedDate('29/02/2028', today)).toEqual({ date: '2028-02-29' });
    expect(readTypedDate('12/31/2026', today)).toEqual({ error: DATE_FIELD_MSG.notADate });
    expect(readTypedDate('tomorrow', today)).toEqual({ error: DATE_FIELD_MSG.notADate });
    expect(readTypedDate('26/11/2026', today)).toEqual({ error: DATE_FIELD_MSG.past });
    expect(DATE_FIELD_MSG.notADate).toBe('Please enter a real date as dd/mm/yyyy');
  });
});
