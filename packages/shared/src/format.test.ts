import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTE, avatarColor, initialsOf, shortenId } from './format.ts';

describe('shortenId', () => {
  it('keeps ids of 8 characters or fewer and shortens longer ones to first 4 … last 4', () => {
    expect(shortenId('12345678')).toBe('12345678');
    expect(shortenId('123456789')).toBe('1234…6789');
    expect(shortenId('pi_3Nq0a1b2c3d4e5f6')).toBe('pi_3…e5f6');
  });
});

describe('avatar', () => {
  it('takes at most two initials, upper-cased', () => {
    expect(initialsOf('ada', 'lovelace')).toBe('AL');
    expect(initialsOf('Cher', '')).toBe('C');
    expect(initialsOf(' ', ' ')).toBe('');
  });
  it('chooses one of 20 colours by the sum of character codes, the same every time', () => {
    expect(AVATAR_PALETTE).toHaveLength(20);
    expect(avatarColor('Ada Lovelace')).toBe(avatarColor('Ada Lovelace'));
    const sum = [...'AB'].reduce((s, c) => s + c.charCodeAt(0), 0);
    expect(avatarColor('AB')).toBe(AVATAR_PALETTE[sum % 20]);
  });
});
