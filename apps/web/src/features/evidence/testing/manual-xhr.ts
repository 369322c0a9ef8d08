type Listener = ((event: ProgressEvent) => void) | null;

/**
 * An XMLHttpRequest the test drives: it records what was sent (method, URL, headers, body) and answers
 * only when told, after reporting whatever upload progress the test chooses. Every request made lands
 * in `ManualXhr.sent`; call `ManualXhr.reset()` before each test.
 */
export class ManualXhr {
  static sent: ManualXhr[] = [];
  static reset() {
    ManualXhr.sent = [];
  }

  method = 'GET';
  url = '';
  status = 0;
  statusText = '';
  response: Blob | null = null;
  responseType = '';
  withCredentials = false;
  body: unknown = null;
  aborted = false;
  readonly headers = new Headers();
  readonly upload: { onprogress: Listener } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private responseHeaders = new Headers();

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

  send(body: unknown) {
    this.body = body;
    ManualXhr.sent.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  /** Answers with a JSON body (a Blob of fetch's own kind, as the client reads it with fetch's Response). */
  async respond(status: number, body: unknown) {
    this.status = status;
    this.statusText = '';
    this.responseHeaders = new Headers({ 'Content-Type': 'application/json' });
    this.response = await new Response(JSON.stringify(body)).blob();
    this.onload?.();
  }

  /** The query of the URL it was sent to. */
  get query(): Record<string, string> {
    return Object.fromEntries(new URL(this.url, 'http://x').searchParams);
  }

  /** The multipart part `file` it carried. */
  get file(): File | null {
    return this.body instanceof FormData ? (this.body.get('file') as File | null) : null;
  }
}
