import { describe, expect, it } from 'vitest';
import { forgetSignInContext, markSessionEnded, rememberReturnPath, sessionEndedOnItsOwn, takeReturnPath } from './sign-in-context';

describe('the return path', () => {
  it('is given back once', () => {
    rememberReturnPath('/projects/project-detail/p-1/settings?tab=a#b');
    expect(takeReturnPath()).toBe('/projects/project-detail/p-1/settings?tab=a#b');
    expect(takeReturnPath()).toBeNull();
  });

  it('is kept in this tab only (sessionStorage)', () => {
    rememberReturnPath('/projects');
    expect(sessionStorage.getItem('sign_in_return_path')).toBe('/projects');
    expect(localStorage.length).toBe(0);
  });

  it('ignores anything but a path of this app, keeping the previous one', () => {
    rememberReturnPath('/projects');
    for (const target of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 42]) rememberReturnPath(target);
    expect(takeReturnPath()).toBe('/projects');
  });

  it('ignores the sign-in pages themselves', () => {
    for (const target of ['/login', '/login?redirect=/x', '/oauth2-redirect?code=c', '/oauth2-signup-redirect', '/terms?redirect=%2F']) {
      rememberReturnPath(target);
      expect(takeReturnPath()).toBeNull();
    }
    rememberReturnPath('/login-history');
    expect(takeReturnPath()).toBe('/login-history');
  });

  it('checks a stored value again when taking it', () => {
    sessionStorage.setItem('sign_in_return_path', 'https://evil.example');
    expect(takeReturnPath()).toBeNull();
  });
});

describe('the ended-session notice', () => {
  it('is set, read and forgotten with the return path, or without it', () => {
    expect(sessionEndedOnItsOwn()).toBe(false);
    markSessionEnded();
    rememberReturnPath('/projects');
    forgetSignInContext({ keepReturnPath: true });
    expect(sessionEndedOnItsOwn()).toBe(false);
    expect(takeReturnPath()).toBe('/projects');
    markSessionEnded();
    rememberReturnPath('/projects');
    forgetSignInContext();
    expect(sessionEndedOnItsOwn()).toBe(false);
    expect(takeReturnPath()).toBeNull();
  });
});
