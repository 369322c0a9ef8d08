import { useEffect, useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorDetail } from '../../../lib/errors';
import { notifyError } from '../../../lib/notifier';
import { saveFile } from '../../../lib/save-file';
import { downloadEvidence, evidenceQueryKeys, type DownloadOptions } from './evidence-api';

type Download = { evidenceId: string; version?: number; /** Used when the server names no file. */ fallbackName?: string };

/**
 * Downloads a file (or one of its versions) and hands it to the browser as a file; a refusal (its
 * detail read from the returned blob, spec section 8) is a red notice.
 */
export function useDownloadEvidence(projectId: string) {
  return useMutation({
    mutationFn: ({ evidenceId, version }: Download) => downloadEvidence(projectId, evidenceId, { version }),
    onSuccess: ({ blob, filename }, { fallbackName }) => saveFile(blob, filename === 'download' && fallbackName ? fallbackName : filename),
    onError: (error) => notifyError(`The file could not be downloaded: ${errorDetail(error)}`),
  });
}

/**
 * A PDF's or an image's bytes for the browser to show (`inline=true`), fetched with the session's
 * token, which a plain <iframe src> could not send. Not kept once the preview is closed.
 */
export function useEvidencePreview(projectId: string, evidenceId: string, options: Pick<DownloadOptions, 'version'> = {}) {
  return useQuery({
    queryKey: [...evidenceQueryKeys.detail(projectId, evidenceId), 'preview', options.version ?? 'current'],
    queryFn: ({ signal }) => downloadEvidence(projectId, evidenceId, { version: options.version, inline: true }, signal),
    gcTime: 0,
    staleTime: Infinity,
  });
}

/**
 * Points an <iframe> or <img> at a blob through an object URL, released when the element goes or the
 * blob changes. Set on the element itself: the URL is alive exactly as long as it is shown.
 */
export function useBlobSource<E extends HTMLIFrameElement | HTMLImageElement>(blob: Blob | undefined) {
  const element = useRef<E>(null);
  useEffect(() => {
    const target = element.current;
    if (!blob || !target || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(blob);
    target.src = url;
    return () => {
      target.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return element;
}
