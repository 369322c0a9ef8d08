/** How far an upload has got: a fraction from 0 to 1, or null while the browser cannot tell. */
export type UploadProgress = number | null;

const NULL_BODY_STATUSES = [101, 204, 205, 304];

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * fetch, sent with XMLHttpRequest so that the upload reports its progress (fetch cannot yet in every
 * browser: upload streams need duplex requests). It settles as fetch does: a Response for any answer,
 * a TypeError when the network fails, an AbortError when the signal aborts it.
 */
export function xhrFetch(url: string, init: RequestInit, onUploadProgress: (progress: UploadProgress) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const signal = init.signal;
    if (signal?.aborted) {
      reject(new DOMException('The request was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.responseType = 'blob';
    xhr.withCredentials = init.credentials === 'include';
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => onUploadProgress(event.lengthComputable && event.total > 0 ? event.loaded / event.total : null);
    const abort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      const body = NULL_BODY_STATUSES.includes(xhr.status) ? null : (xhr.response as Blob | null);
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr.getAllResponseHeaders()) }));
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.ontimeout = () => {
      done();
      reject(new DOMException('The request timed out', 'TimeoutError'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The request was aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
