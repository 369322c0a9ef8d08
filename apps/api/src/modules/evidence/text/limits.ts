/**
 * What text extraction reads at most and keeps at most. A file over the input limit is not read at all
 * (`too_large`); longer text is cut at the output limit (the beginning of a document is what search and
 * suggestions need most).
 */

/** Files larger than this (25 MB) are not read for text: text_status `too_large`. */
export const MAX_EXTRACT_INPUT_BYTES = 25 * 1024 * 1024;
/** Extracted text is cut to this many characters. */
export const MAX_TEXT_CHARS = 1_000_000;
/** A DOCX whose text parts unpack to more than this (50 MB) is refused as a zip bomb, without unpacking further. */
export const MAX_DOCX_UNPACKED_BYTES = 50 * 1024 * 1024;

export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
