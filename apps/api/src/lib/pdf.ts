import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ReactElement } from 'react';
import { Font, renderToBuffer, type DocumentProps } from '@react-pdf/renderer';

const resolver = createRequire(import.meta.url);
const fontDir = join(dirname(resolver.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** Every report's font: DejaVu covers Latin, Greek, Cyrillic and more, where the built-in Helvetica drops anything outside Latin-1. */
export const PDF_FONT = 'DejaVu Sans';

let registered = false;
function registerFonts() {
  if (registered) return;
  Font.register({
    family: PDF_FONT,
    fonts: [
      { src: join(fontDir, 'DejaVuSans.ttf') },
      { src: join(fontDir, 'DejaVuSans-Bold.ttf'), fontWeight: 'bold' },
      { src: join(fontDir, 'DejaVuSans-Oblique.ttf'), fontStyle: 'italic' },
    ],
  });
  // Words are wrapped, never hyphenated: names and e-mail addresses must stay whole.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}

/** Renders a react-pdf document to the bytes of a PDF file. */
export async function renderPdf(document: ReactElement<DocumentProps>): Promise<Buffer> {
  registerFonts();
  return renderToBuffer(document);
}

/**
 * A Content-Disposition value that downloads as `name`.pdf: an ASCII fallback for old clients and the
 * UTF-8 name (RFC 6266 / 5987) for everyone else; path separators and control characters are dropped.
 */
export function pdfAttachment(name: string): string {
  const safe = [...name].map((c) => (c < ' ' || c === '\u007f' || c === '/' || c === '\\' ? ' ' : c)).join('').trim() || 'export';
  const ascii = safe.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["%;]/g, '').trim() || 'export';
  const encoded = encodeURIComponent(`${safe}.pdf`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}.pdf"; filename*=UTF-8''${encoded}`;
}
