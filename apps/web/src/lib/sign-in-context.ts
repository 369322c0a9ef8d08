import { safeAppPath } from './safe-path';

/*
 * What the next sign-in needs to know, kept in this tab's sessionStorage: it survives the trip through
 * the server's logout and the identity provider (embedded or external, the tab is the same), and it
 * stays with the tab it belongs to.
 */
const RETURN_PATH_KEY = 'sign_in_return_path';
const SESSION_ENDED_KEY = 'sign_in_session_ended';

/** Pages of the sign-in itself: coming back to one after signing in would make no sense. */
const SIGN_IN_PAGES = ['/login', '/oauth2-redirect', '/oauth2-signup-redirect', '/terms'];

const isSignInPage = (path: string) => SIGN_IN_PAGES.some((page) => path === page || path.startsWith(`${page}?`) || path.startsWith(`${page}/`));

/** Remembers where to land after the next sign-in; anything but a path of this app is ignored. */
export function rememberReturnPath(path: unknown): void {
  const safe = safeAppPath(path);
  if (safe && !isSignInPage(safe)) sessionStorage.setItem(RETURN_PATH_KEY, safe);
}

/** Where the sign-in that just finished should land (once), or null for the home page. */
export function takeReturnPath(): string | null {
  const stored = sessionStorage.getItem(RETURN_PATH_KEY);
  sessionStorage.removeItem(RETURN_PATH_KEY);
  const safe = safeAppPath(stored);
  return safe && !isSignInPage(safe) ? safe : null;
}

/** The session ended without the user signing out (refresh refused, access lost): the sign-in page says so. */
export function markSessionEnded(): void {
  sessionStorage.setItem(SESSION_ENDED_KEY, 'true');
}

export function sessionEndedOnItsOwn(): boolean {
  return sessionStorage.getItem(SESSION_ENDED_KEY) === 'true';
}

/** A user who signs out, or starts signing in again, leaves both behind. */
export function forgetSignInContext({ keepReturnPath = false } = {}): void {
  sessionStorage.removeItem(SESSION_ENDED_KEY);
  if (!keepReturnPath) sessionStorage.removeItem(RETURN_PATH_KEY);
}
