/** Reads Server-Sent Events from a real socket: the stream is endless, so `inject` cannot. */
export async function openEventStream(url: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pending: unknown[] = [];

  async function next(timeoutMs = 5_000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (pending.length) return pending.shift();
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('no event in time');
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), remaining)),
      ]);
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
        if (data) pending.push(JSON.parse(data));
      }
    }
  }

  return {
    response,
    next,
    close: () => controller.abort(),
  };
}
