/** Longer than any path of this app; a longer "path" is not one of ours. */
const MAX_PATH_LENGTH = 2048;

/**
 * The value as a path of this origin (path, query and hash), or null when it is anything else.
 * Only a single leading `/` is accepted: `//host` and `/\host` are other origins to a browser (it
 * reads a backslash as a slash), a scheme (`https:`, `javascript:`) leaves the app, and the URL
 * parser drops tabs and newlines, so `/\t/host` would turn into `//host`. Whatever passes is then
 * resolved against this origin and must stay on it.
 */
export function safeAppPath(value: unknown, origin = window.location.origin): string | null {
  if (typeof value !== 'string' || value.length > MAX_PATH_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes and control characters (C0 and DEL) never belong in a path we hand out.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
