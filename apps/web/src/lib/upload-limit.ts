import { MAX_UPLOAD_BYTES } from '@aegis/contracts';
import { notifyError } from './notifier';

/**
 * Spec section 5: files over 100 MB are not uploaded. Returns the files within the limit and names the
 * others in one red notification.
 */
export function acceptUploads(files: readonly File[]): File[] {
  const accepted = files.filter((file) => file.size <= MAX_UPLOAD_BYTES);
  const rejected = files.filter((file) => file.size > MAX_UPLOAD_BYTES);
  if (rejected.length > 0) {
    notifyError(`Maximum file size is 100MB. Failed to upload files: ${rejected.map((file) => file.name).join(', ')}`);
  }
  return accepted;
}
