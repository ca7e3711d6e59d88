import { describe, expect, it } from 'vitest';
import { checkToken } from './token.ts';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (payload: unknown) => `${b64({ alg: 'HS256' })}.${b64(payload)}.sig`;

describe('checkToken (route guard states)', () => {
  const now = 1_800_000_000;
  it('names each failure reason the spec lists', () => {
    expect(checkToken(null, now)).toBe('no_token');
    expect(checkToken('', now)).toBe('no_token');
    expect(checkToken('abc', now)).toBe('invalid_format');
    expect(checkToken('a.b', now)).toBe('invalid_format');
    expect(checkToken('a.%%%.c', now)).toBe('decode_error');
    expect(checkToken(`x.${Buffer.from('not json').toString('base64url')}.y`, now)).toBe('decode_error');
    expect(checkToken(jwt({ exp: now - 1 }), now)).toBe('expired');
  });
  it('accepts a token whose exp (seconds) is now or later, or that has no exp', () => {
    expect(checkToken(jwt({ exp: now }), now)).toBe('valid');
    expect(checkToken(jwt({ exp: now + 900 }), now)).toBe('valid');
    expect(checkToken(jwt({ sub: 'u' }), now)).toBe('valid');
  });
  it('decodes base64url payloads with non-ASCII text', () => {
    expect(checkToken(jwt({ name: 'Zoë', exp: now + 5 }), now)).toBe('valid');
  });
});
