/** The longest file name kept (the extension is kept when a longer one is cut). */
export const MAX_FILE_NAME = 255;

/**
 * Bidirectional controls (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069): invisible, they reorder
 * what follows, so that `\u202Egnp.exe` shows as `exe.png`. No file name needs them.
 */
const BIDI = '\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069';
/** Every bidirectional control of a text (with `replace`). */
export const BIDI_CONTROL = new RegExp(`[${BIDI}]`, 'g');
const IS_BIDI_CONTROL = new RegExp(`^[${BIDI}]$`);

/** A code point a name must not hold: a control character, a bidirectional control, or a lone surrogate. */
const dropped = (c: string) => c < ' ' || c === '\u007f' || IS_BIDI_CONTROL.test(c) || (c.length === 1 && c >= '\ud800' && c <= '\udfff');

/**
 * A file name as the client sent it, made safe to show and to offer back in a download — the one rule of
 * every upload: its last path segment only, NFC, no control characters, no bidirectional controls, no
 * lone surrogates (characters outside the Basic Multilingual Plane, such as emoji, stay whole), at most
 * MAX_FILE_NAME characters keeping the extension; `fallback` when nothing is left.
 */
export function safeFileName(raw: string, fallback = 'file'): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // Code point by code point: a pair of surrogates (an emoji) is one character and stays.
  const clean = [...base.normalize('NFC')].filter((c) => !dropped(c)).join('').trim();
  if (!clean || /^\.+$/.test(clean)) return fallback;
  const chars = [...clean];
  if (chars.length <= MAX_FILE_NAME) return clean;
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(clean)?.[0] ?? '';
  return chars.slice(0, MAX_FILE_NAME - extension.length).join('').trimEnd() + extension;
}
