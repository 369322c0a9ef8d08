/**
 * Where uploaded files live: a folder on local disk in the embedded mode, an S3-compatible bucket when
 * scaled out. Keys are relative paths such as `organizations/{id}/projects/{id}/evidence/{id}`; a
 * project's files share its prefix, so deleting the project removes the prefix.
 */
export type FileStorage = {
  readonly kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none under the key. */
  read(key: string): Promise<Buffer | null>;
  /** Removes every file whose key starts with `prefix`; returns how many there were. Removing nothing is not an error. */
  removePrefix(prefix: string): Promise<number>;
  /** Throws when files cannot be stored right now (the health check): the folder is not writable, the bucket does not answer. */
  check(signal: AbortSignal): Promise<void>;
};

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*\/?$/;

/** Keys are built by the server from ids, never from user input; anything else is a bug, refused before it reaches the disk or the bucket. */
export function assertKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`Invalid storage key: ${key}`);
  return key;
}
