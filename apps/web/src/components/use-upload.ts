import { useRef, useState } from 'react';
import type { UploadProgress } from '../lib/xhr-fetch';

/** Spec section 4: an upload is idle, uploading (with its progress when known), uploaded or failed. */
export type UploadState<T> =
  | { status: 'idle' }
  | { status: 'uploading'; file: File; progress: UploadProgress }
  | { status: 'uploaded'; file: File; result: T }
  | { status: 'failed'; file: File; error: unknown };

export type SendFile<T> = (file: File, onProgress: (progress: UploadProgress) => void) => Promise<T>;

/**
 * One file's upload through its states. `check` may refuse a file before anything is sent (too big,
 * say), which fails the upload at once; starting another upload or resetting forgets the earlier one,
 * whose late answer is then ignored.
 */
export function useUpload<T>(send: SendFile<T>, check?: (file: File) => unknown) {
  const [state, setState] = useState<UploadState<T>>({ status: 'idle' });
  const current = useRef(0);

  const start = async (file: File): Promise<void> => {
    const attempt = ++current.current;
    const refusal = check?.(file);
    if (refusal) {
      setState({ status: 'failed', file, error: refusal });
      return;
    }
    setState({ status: 'uploading', file, progress: 0 });
    const onProgress = (progress: UploadProgress) => {
      if (attempt === current.current) setState({ status: 'uploading', file, progress });
    };
    try {
      const result = await send(file, onProgress);
      if (attempt === current.current) setState({ status: 'uploaded', file, result });
    } catch (error) {
      if (attempt === current.current) setState({ status: 'failed', file, error });
    }
  };

  const reset = () => {
    current.current += 1;
    setState({ status: 'idle' });
  };

  return { state, start, reset };
}
