/**
 * Where uploaded files live: a folder on local disk in the embedded mode, an S3-compatible bucket when
 * scaled out. Keys are relative paths such as `organizations/{id}/projects/{id}/evidence/{id}`; a
 * project's files share its prefix, so deleting the project removes the prefix.
 */
/** What a streamed write stored: its size, the SHA-256 of its bytes (hex) and its first bytes (to tell its type). */
export type StoredFile = { size: number; sha256: string; head: Buffer };

/** More than `maxBytes` arrived: nothing was kept. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}
/** Not a single byte arrived: nothing was kept. */
export class EmptyFileError extends Error {
  constructor() {
    super('The file is empty');
  }
}

/** How many first bytes `putStream` returns in `head`. */
export const HEAD_BYTES = 4096;

export type FileStorage = {
  readonly kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /**
   * Streams `source` to `key` while counting and hashing it: never holds the file whole in memory and
   * never writes it twice. Throws FileTooLargeError past `maxBytes`, EmptyFileError for no bytes, or the
   * source's or the storage's error — and in every such case leaves nothing under the key.
   */
  putStream(key: string, source: AsyncIterable<Uint8Array>, options: { contentType: string; maxBytes: number }): Promise<StoredFile>;
  /** The file's bytes, or null when there is none under the key. */
  read(key: string): Promise<Buffer | null>;
  /** The file as a stream (bytes `start`…`end` inclusive when a range is given) and its whole size, or null when there is none. */
  readStream(key: string, range?: { start: number; end: number }): Promise<{ stream: NodeJS.ReadableStream; size: number } | null>;
  /** Removes the one file under `key`; an absent file is no error. */
  remove(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix`; returns how many there were. Removing nothing is not an error. */
  removePrefix(prefix: string): Promise<number>;
  /**
   * Removes what writes cut off by a crash left behind — a local write's `.partial` file, an S3 multipart
   * upload never completed nor aborted — when it was last written (local) or begun (S3) before `olderThan`;
   * answers how many. A write still going on is newer than that and stays.
   */
  sweepPartials(olderThan: Date): Promise<number>;
  /** Throws when files cannot be stored right now (the health check): the folder is not writable, the bucket does not answer. */
  check(signal: AbortSignal): Promise<void>;
};

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*\/?$/;

/** Keys are built by the server from ids, never from user input; anything else is a bug, refused before it reaches the disk or the bucket. */
export function assertKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`Invalid storage key: ${key}`);
  return key;
}
