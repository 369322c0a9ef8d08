/** A file whose text cannot be read, with the reason people are shown (text_error). Never a server fault. */
export class TextExtractionError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'TextExtractionError';
  }
}
