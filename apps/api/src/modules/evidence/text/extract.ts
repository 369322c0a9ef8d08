import { TEXT_EXTRACTED_FILE_TYPES, type EvidenceFileType } from '@aegis/contracts';
import { docxText } from './docx-text';
import { TextExtractionError } from './extraction-error';
import { MAX_EXTRACT_INPUT_BYTES } from './limits';
import { tooLarge, unsupported, type ExtractOutcome } from './outcome';
import { pdfText } from './pdf-text';
import { jsonText, plainText } from './plain-text';
import { TextBuilder } from './text-builder';

export type { ExtractOutcome } from './outcome';

/**
 * The text of a file of the given type (pure: no I/O; the worker thread calls it). Never throws for a
 * bad file: a damaged or encrypted PDF, a zip bomb, invalid JSON come back as `failed` with the reason.
 */
export async function extractText(bytes: Uint8Array, fileType: EvidenceFileType): Promise<ExtractOutcome> {
  if (!TEXT_EXTRACTED_FILE_TYPES.includes(fileType)) return unsupported(fileType);
  if (bytes.byteLength > MAX_EXTRACT_INPUT_BYTES) return tooLarge();
  const out = new TextBuilder();
  try {
    switch (fileType) {
      case 'pdf':
        await pdfText(bytes, out);
        break;
      case 'docx':
        docxText(bytes, out);
        break;
      case 'json':
        jsonText(bytes, out);
        break;
      default:
        plainText(bytes, out);
    }
  } catch (error) {
    if (error instanceof TextExtractionError) return { status: 'failed', error: error.message };
    if (error instanceof RangeError) return { status: 'failed', error: 'The file could not be read: it is too complex' };
    return { status: 'failed', error: `The file could not be read: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500) };
  }
  const text = tidy(out.text());
  if (text.trim() === '') {
    return { status: 'failed', error: fileType === 'pdf' ? 'The PDF holds no text (a scanned image without a text layer?)' : 'The file holds no text' };
  }
  return { status: 'extracted', text, truncated: out.truncated };
}

/** Trailing spaces and runs of blank lines go: they would only widen passages. */
function tidy(text: string): string {
  return text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}
