import { MAX_TEXT_CHARS } from './limits';

/** Control characters PostgreSQL text cannot hold (NUL) or search has no use for; tabs and line breaks stay. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Half of a surrogate pair without its other half (invalid in UTF-8, refused by PostgreSQL's text). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as the database keeps it: no NUL or other control characters, no lone surrogates, \n line ends. */
export function cleanText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD').replace(/\r\n?/g, '\n').replace(CONTROL, ' ');
}

/**
 * Collects extracted text up to `limit` characters; parsers ask `full` to stop reading early. Pieces are
 * cleaned as they come, so the limit counts what is kept.
 */
export class TextBuilder {
  private readonly parts: string[] = [];
  private length = 0;
  truncated = false;

  constructor(private readonly limit = MAX_TEXT_CHARS) {}

  /** Characters that still fit. */
  get remaining() {
    return Math.max(0, this.limit - this.length);
  }

  get full() {
    return this.length >= this.limit;
  }

  append(piece: string) {
    if (!piece) return;
    if (this.full) {
      this.truncated = true;
      return;
    }
    let clean = cleanText(piece);
    if (this.length + clean.length > this.limit) {
      clean = clean.slice(0, this.limit - this.length);
      // Never end on half of a surrogate pair.
      if (/[\uD800-\uDBFF]$/.test(clean)) clean = clean.slice(0, -1);
      this.truncated = true;
    }
    this.parts.push(clean);
    this.length += clean.length;
  }

  text() {
    return this.parts.join('');
  }
}
