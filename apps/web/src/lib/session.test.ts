import { describe, expect, it } from 'vitest';
import { clearSession, getAccessToken, getRefreshToken, storeTokens } from './session';

describe('session storage', () => {
  it('has no tokens before sign-in', () => {
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });

  it('stores both tokens under the keys the app reads', () => {
    storeTokens({ access_token: 'a.b.c', refresh_token: 'r1' });
    expect(getAccessToken()).toBe('a.b.c');
    expect(getRefreshToken()).toBe('r1');
    expect(localStorage.getItem('access_token')).toBe('a.b.c');
    expect(localStorage.getItem('refresh_token')).toBe('r1');
  });

  it('replaces the previous pair', () => {
    storeTokens({ access_token: 'old', refresh_token: 'old-r' });
    storeTokens({ access_token: 'new', refresh_token: 'new-r' });
    expect(getAccessToken()).toBe('new');
    expect(getRefreshToken()).toBe('new-r');
  });

  it('clears the tokens and the stored user, and nothing else', () => {
    storeTokens({ access_token: 'a.b.c', refresh_token: 'r1' });
    localStorage.setItem('user', '{"id":"x"}');
    localStorage.setItem('unrelated', 'kept');
    clearSession();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});
