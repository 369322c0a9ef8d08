type Listener = ((event: ProgressEvent) => void) | null;

const progress = (loaded: number, total: number) => ({ lengthComputable: true, loaded, total }) as ProgressEvent;

/**
 * An XMLHttpRequest that hands the request to the global fetch (the test's stub), so uploads with
 * progress reach the same handlers as every other call. It reports the upload half sent, then all of
 * it, before asking fetch; a handler that answers late leaves the upload at 100 %, still waiting.
 */
export class FetchBackedXhr {
  method = 'GET';
  url = '';
  status = 0;
  statusText = '';
  response: Blob | null = null;
  responseType = '';
  withCredentials = false;
  readonly upload: { onprogress: Listener } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private readonly headers = new Headers();
  private responseHeaders = new Headers();
  private readonly controller = new AbortController();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  getAllResponseHeaders(): string {
    return [...this.responseHeaders].map(([name, value]) => `${name}: ${value}`).join('\r\n');
  }

  abort() {
    this.controller.abort();
    this.onabort?.();
  }

  send(body: BodyInit | null) {
    void (async () => {
      await Promise.resolve();
      this.upload.onprogress?.(progress(50, 100));
      this.upload.onprogress?.(progress(100, 100));
      try {
        const answer = await fetch(this.url, { method: this.method, headers: this.headers, body, signal: this.controller.signal });
        if (this.controller.signal.aborted) return;
        this.status = answer.status;
        this.statusText = answer.statusText;
        this.responseHeaders = answer.headers;
        this.response = await answer.blob();
        this.onload?.();
      } catch {
        if (!this.controller.signal.aborted) this.onerror?.();
      }
    })();
  }
}
