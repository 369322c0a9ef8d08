import { describe, expect, it } from 'vitest';
import { base64Url, encodeJwt } from '../testing/jwt';
import { decodeToken, isTokenExpired } from './token';

describe('decodeToken', () => {
  it('reads exp, sub and org from the payload', () => {
    expect(decodeToken(encodeJwt({ exp: 1_900_000_000, sub: 'u-1', org: 'o-1', other: true }))).toEqual({ exp: 1_900_000_000, sub: 'u-1', org: 'o-1' });
    expect(decodeToken(encodeJwt({ sub: 'u-1', org: null }))).toEqual({ sub: 'u-1', org: null });
  });

  it('rejects a value that is not a string', () => {
    expect(() => decodeToken(42)).toThrow('Invalid token specified: must be a string');
    expect(() => decodeToken(undefined)).toThrow('Invalid token specified: must be a string');
  });

  it('rejects a token without a payload part', () => {
    expect(() => decodeToken('only-a-header')).toThrow('Invalid token specified: missing part #2');
  });

  it('rejects a payload that is not base64', () => {
    expect(() => decodeToken('h.p.s')).toThrow('Invalid token specified: invalid base64 for part #2 (base64 string is not of the correct length)');
  });

  it('rejects a payload that is not JSON', () => {
    expect(() => decodeToken(`h.${base64Url('not json')}.s`)).toThrow(/^Invalid token specified: invalid json for part #2 \(.+\)$/);
  });
});

describe('isTokenExpired', () => {
  const now = 1_800_000_000_000;

  it('is valid until its expiry time, and expired from then on', () => {
    const token = encodeJwt({ exp: now / 1000 + 60 });
    expect(isTokenExpired(token, now)).toBe(false);
    expect(isTokenExpired(token, now + 59_999)).toBe(false);
    expect(isTokenExpired(token, now + 60_000)).toBe(true);
  });

  it('counts a missing, invalid or exp-less token as expired', () => {
    expect(isTokenExpired(null, now)).toBe(true);
    expect(isTokenExpired('', now)).toBe(true);
    expect(isTokenExpired('h.p.s', now)).toBe(true);
    expect(isTokenExpired(encodeJwt({ sub: 'u-1' }), now)).toBe(true);
  });

  it('uses the current time by default', () => {
    expect(isTokenExpired(encodeJwt({ exp: Math.floor(Date.now() / 1000) + 60 }))).toBe(false);
    expect(isTokenExpired(encodeJwt({ exp: Math.floor(Date.now() / 1000) - 1 }))).toBe(true);
  });
});
