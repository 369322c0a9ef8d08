import { MAX_UPLOAD_BYTES } from '@aegis/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyError } from './notifier';
import { acceptUploads } from './upload-limit';

vi.mock('./notifier', () => ({ notifyError: vi.fn() }));

/** A File that reports `size` bytes without allocating them. */
function fileOf(name: string, size: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('acceptUploads', () => {
  it('keeps files up to 104857600 bytes and says nothing', () => {
    const files = [fileOf('a.pdf', 10), fileOf('b.pdf', MAX_UPLOAD_BYTES)];
    expect(acceptUploads(files)).toEqual(files);
    expect(MAX_UPLOAD_BYTES).toBe(104_857_600);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('removes larger files and names them in one red notification', () => {
    const small = fileOf('small.pdf', 1);
    const result = acceptUploads([fileOf('video.mp4', MAX_UPLOAD_BYTES + 1), small, fileOf('dump.sql', 2 * MAX_UPLOAD_BYTES)]);
    expect(result).toEqual([small]);
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('Maximum file size is 100MB. Failed to upload files: video.mp4, dump.sql');
  });
});
