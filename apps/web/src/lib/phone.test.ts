import { describe, expect, it } from 'vitest';
import { phoneField } from '@kindred/shared';
import { combinePhone, countryOptions, formatPhone, splitPhone } from './phone.ts';

describe('combinePhone', () => {
  it('combines the default country and a national number into E.164', () => {
    expect(combinePhone('us', '(201) 555-0123')).toBe('+12015550123');
  });

  it('uses the picked country calling code', () => {
    expect(combinePhone('gb', '07400 123456')).toBe('+447400123456');
  });

  it('keeps a number typed in international form as it is', () => {
    expect(combinePhone('us', '+44 7400 123456')).toBe('+447400123456');
  });

  it('returns an empty string for an empty field so the required message shows', () => {
    expect(combinePhone('us', '   ')).toBe('');
  });

  it('still combines unparseable input so the shared rule rejects it with the spec message', () => {
    const combined = combinePhone('us', '12');
    expect(combined).toBe('+112');
    expect(phoneField.safeParse(combined).success).toBe(false);
  });

  it('produces numbers the shared phone rule accepts', () => {
    expect(phoneField.safeParse(combinePhone('us', '201 555 0123')).success).toBe(true);
  });
});

describe('splitPhone', () => {
  it('splits a stored number back into country and national number', () => {
    expect(splitPhone('+447400123456')).toEqual({ country: 'gb', national: '07400 123456' });
  });

  it('round-trips through combinePhone', () => {
    const { country, national } = splitPhone('+12015550123');
    expect(combinePhone(country, national)).toBe('+12015550123');
  });

  it('falls back to the default country for input it cannot parse', () => {
    expect(splitPhone('')).toEqual({ country: 'us', national: '' });
  });
});

describe('countryOptions and formatPhone', () => {
  it('lists the United States with its calling code under the value us', () => {
    expect(countryOptions()).toContainEqual({ value: 'us', label: 'United States (+1)' });
  });

  it('formats stored numbers internationally', () => {
    expect(formatPhone('+12015550123')).toBe('+1 201 555 0123');
  });
});
