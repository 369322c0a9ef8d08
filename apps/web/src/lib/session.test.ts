import { describe, expect, it } from 'vitest';
import { buildCurrentUser } from '../testing/factories';
import { encodeJwt, jwtExpiringIn } from '../testing/jwt';
import { browserLocation } from './navigation';
import {
  clearSession,
  endSession,
  getAccessToken,
  getDarkMode,
  getRefreshToken,
  getStoredUser,
  hasValidAccessToken,
  logout,
  setDarkMode,
  signOut,
  storeTokens,
  storeUser,
} from './session';
import { markSessionEnded, rememberReturnPath, sessionEndedOnItsOwn, takeReturnPath } from './sign-in-context';

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

describe('hasValidAccessToken', () => {
  it('is true only for a stored token that has not expired', () => {
    expect(hasValidAccessToken()).toBe(false);
    storeTokens({ access_token: jwtExpiringIn(60), refresh_token: 'r' });
    expect(hasValidAccessToken()).toBe(true);
    storeTokens({ access_token: jwtExpiringIn(-1), refresh_token: 'r' });
    expect(hasValidAccessToken()).toBe(false);
    storeTokens({ access_token: 'not-a-jwt', refresh_token: 'r' });
    expect(hasValidAccessToken()).toBe(false);
  });
});

describe('stored user', () => {
  it('round-trips the current user', () => {
    const user = buildCurrentUser({ firstname: 'Bea' });
    expect(getStoredUser()).toBeNull();
    storeUser(user);
    expect(getStoredUser()).toEqual(user);
  });

  it('reads an unreadable record as no user', () => {
    localStorage.setItem('user', '{broken');
    expect(getStoredUser()).toBeNull();
    localStorage.setItem('user', '"a string"');
    expect(getStoredUser()).toBeNull();
  });
});

describe('logout', () => {
  it('removes both tokens and the stored user, then loads the server logout page', () => {
    storeTokens({ access_token: 'a', refresh_token: 'r' });
    storeUser(buildCurrentUser());
    logout();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(browserLocation.assign).toHaveBeenCalledExactlyOnceWith('/api/auth/logout');
  });

  it('forgets a remembered page and an ended-session notice: the user chose to leave', () => {
    rememberReturnPath('/projects');
    markSessionEnded();
    logout();
    expect(takeReturnPath()).toBeNull();
    expect(sessionEndedOnItsOwn()).toBe(false);
  });

  it('keeps signOut as another name for it', () => {
    expect(signOut).toBe(logout);
  });
});

describe('endSession', () => {
  it('logs out, keeps the page for after the next sign-in and notes that the session ended', () => {
    storeTokens({ access_token: 'a', refresh_token: 'r' });
    endSession('/projects/project-detail/p-1/settings');
    expect(getRefreshToken()).toBeNull();
    expect(browserLocation.assign).toHaveBeenCalledExactlyOnceWith('/api/auth/logout');
    expect(sessionEndedOnItsOwn()).toBe(true);
    expect(takeReturnPath()).toBe('/projects/project-detail/p-1/settings');
  });

  it('notes no ended session for a visitor who had none', () => {
    endSession('/projects');
    expect(sessionEndedOnItsOwn()).toBe(false);
    expect(takeReturnPath()).toBe('/projects');
  });
});

describe('clock offset', () => {
  it('judges expiry in server time, measured from the token issue time when the pair arrives', () => {
    const now = Date.now();
    // This device's clock runs 20 minutes fast: the server issued the token "20 minutes ago".
    const serverNow = Math.floor((now - 20 * 60_000) / 1000);
    storeTokens({ access_token: encodeJwt({ iat: serverNow, exp: serverNow + 900 }), refresh_token: 'r' });
    expect(hasValidAccessToken()).toBe(true);
    clearSession();
    expect(localStorage.getItem('clock_offset')).toBeNull();
  });

  it('uses the device clock for a token without an issue time', () => {
    storeTokens({ access_token: jwtExpiringIn(-1), refresh_token: 'r' });
    expect(hasValidAccessToken()).toBe(false);
  });
});

describe('dark mode preference', () => {
  it('is off until turned on, and is remembered', () => {
    expect(getDarkMode()).toBe(false);
    setDarkMode(true);
    expect(getDarkMode()).toBe(true);
    expect(localStorage.getItem('dark_mode')).toBe('true');
    setDarkMode(false);
    expect(getDarkMode()).toBe(false);
  });
});
