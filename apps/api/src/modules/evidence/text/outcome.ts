import type { EvidenceFileType, TextStatus } from '@aegis/contracts';
import { MAX_EXTRACT_INPUT_BYTES, megabytes } from './limits';

// Apart from extract.ts so that the main thread (the extraction job) can say "unsupported" or "too large"
// without loading the parsers: pdf.js's legacy build replaces globals such as JSON.stringify and
// Array.prototype.push with core-js polyfills wherever it is loaded, which made every request slower.

/** What reading a file's text came to: its text, or the text status and why there is none. */
export type ExtractOutcome =
  | { status: 'extracted'; text: string; truncated: boolean }
  | { status: Exclude<TextStatus, 'extracted' | 'pending'>; error: string };

export const unsupported = (fileType: EvidenceFileType): ExtractOutcome => ({ status: 'unsupported', error: `Text is not read from ${fileType === 'other' ? 'this kind of file' : `${fileType} files`}` });
export const tooLarge = (): ExtractOutcome => ({ status: 'too_large', error: `Files larger than ${megabytes(MAX_EXTRACT_INPUT_BYTES)} are not read for text` });
