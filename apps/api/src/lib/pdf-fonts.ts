import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Font } from '@react-pdf/renderer';

const resolver = createRequire(import.meta.url);
const fontDir = join(dirname(resolver.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** Every report's font: DejaVu covers Latin, Greek, Cyrillic and more, where the built-in Helvetica drops anything outside Latin-1. */
export const PDF_FONT = 'DejaVu Sans';

/** Longer than any name or e-mail address a table cell holds: such a run could not fit a line anyway. */
const LONGEST_WHOLE_WORD = 30;

/**
 * Words are wrapped, never hyphenated: names and e-mail addresses stay whole. Only a run too long for a
 * line (a URL, a token, a pasted hash) may break every few characters, with a hyphen where it does;
 * without break points react-pdf would cut it off at the margin and lose the rest of it.
 */
function breakPoints(word: string): string[] {
  const characters = Array.from(word);
  if (characters.length <= LONGEST_WHOLE_WORD) return [word];
  const parts: string[] = [];
  for (let at = 0; at < characters.length; at += 6) parts.push(characters.slice(at, at + 6).join(''));
  return parts;
}

let registered = false;
/** Called once in each thread that renders (react-pdf's font registry is per thread). */
export function registerFonts() {
  if (registered) return;
  Font.register({
    family: PDF_FONT,
    fonts: [
      { src: join(fontDir, 'DejaVuSans.ttf') },
      { src: join(fontDir, 'DejaVuSans-Bold.ttf'), fontWeight: 'bold' },
      { src: join(fontDir, 'DejaVuSans-Oblique.ttf'), fontStyle: 'italic' },
    ],
  });
  Font.registerHyphenationCallback(breakPoints);
  registered = true;
}
