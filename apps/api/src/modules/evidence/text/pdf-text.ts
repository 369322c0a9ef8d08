import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { TextExtractionError } from './extraction-error';
import type { TextBuilder } from './text-builder';

/** pdfjs's error names (its classes cross the library's fake worker, so the name is what is reliable). */
const REASONS: Record<string, string> = {
  PasswordException: 'The PDF is encrypted with a password; its text cannot be read',
  InvalidPDFException: 'The file is not a valid PDF (it may be damaged or cut short)',
  FormatError: 'The PDF is damaged: its structure could not be read',
};

/**
 * The text of every page, in reading order as pdfjs gives it, a line break where the PDF ends a line and
 * a blank line between pages; stops once `out` is full. No fonts are loaded or rendered and no code in the
 * file is evaluated (isEvalSupported false). A damaged, encrypted or unreadable PDF throws a
 * TextExtractionError with the reason.
 */
export async function pdfText(bytes: Uint8Array, out: TextBuilder): Promise<void> {
  const task = getDocument({
    // pdfjs refuses a Buffer; a plain view of the same memory will do.
    data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    let document;
    try {
      document = await task.promise;
    } catch (error) {
      const name = (error as { name?: string })?.name ?? '';
      throw new TextExtractionError(REASONS[name] ?? `The PDF could not be read: ${(error as Error)?.message ?? String(error)}`);
    }
    for (let n = 1; n <= document.numPages && !out.full; n += 1) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item)) continue;
        out.append(item.str);
        if (item.hasEOL) out.append('\n');
      }
      out.append('\n\n');
      page.cleanup();
    }
  } finally {
    await task.destroy();
  }
}
