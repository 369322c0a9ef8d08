import { afterEach, describe, expect, it } from 'vitest';
import { createPdfPool, type PdfRenderer } from './pdf-pool';
import type { ReportModel } from './pdf-report-model';

const model = (title: string, paragraphs = 1): ReportModel => ({
  info: { title, author: 'Test', subject: 'Pool test', creator: 'Aegis' },
  cover: { kicker: 'Test', title, facts: [{ label: 'Kind', value: 'pool test' }] },
  footer: title,
  sections: [{ title: 'Body', blocks: Array.from({ length: paragraphs }, (_, n) => ({ kind: 'paragraph' as const, text: `Paragraph ${n} ${'text '.repeat(200)}` })) }],
});

/** Records when a promise settles, so that a test can say what happened before what. */
function track<T>(promise: Promise<T>) {
  const state = { settled: false, result: promise };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

let pool: PdfRenderer | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('createPdfPool', () => {
  it('renders a model to a PDF in a worker and keeps the worker for the next report', async () => {
    pool = createPdfPool({ size: 1 });
    const first = await pool.render(model('First'));
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.stats()).toEqual({ workers: 1, rendering: 0, queued: 0 });
    expect((await pool.render(model('Second'))).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.stats().workers).toBe(1);
  });

  it('queues at most queueLimit reports behind busy workers and refuses the next with 503', async () => {
    pool = createPdfPool({ size: 1, queueLimit: 1 });
    const running = pool.render(model('Running', 40));
    const queued = pool.render(model('Queued'));
    expect(pool.stats()).toMatchObject({ rendering: 1, queued: 1 });
    await expect(pool.render(model('Refused'))).rejects.toMatchObject({ statusCode: 503, code: 'reports_busy' });
    expect((await running).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await queued).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('drops a queued report whose client went away, before the one ahead of it is done', async () => {
    pool = createPdfPool({ size: 1 });
    const running = track(pool.render(model('Running', 40)));
    const gone = new AbortController();
    const abandoned = track(pool.render(model('Abandoned'), gone.signal));
    gone.abort();
    await expect(abandoned.result).rejects.toMatchObject({ statusCode: 499, code: 'report_cancelled' });
    expect(running.settled).toBe(false);
    expect(pool.stats()).toMatchObject({ rendering: 1, queued: 0 });
    await running.result;
    await expect(pool.render(model('Late'), gone.signal)).rejects.toMatchObject({ code: 'report_cancelled' });
  });

  it('stops a render that overruns its deadline together with its worker', async () => {
    pool = createPdfPool({ size: 1, timeoutMs: 1 });
    await expect(pool.render(model('Slow'))).rejects.toThrow('PDF rendering took longer than 1 ms');
    expect(pool.stats()).toEqual({ workers: 0, rendering: 0, queued: 0 });
  });

  it('refuses new reports once closed and fails those still waiting', async () => {
    pool = createPdfPool({ size: 1 });
    const running = expect(pool.render(model('Running', 40))).rejects.toMatchObject({ statusCode: 503 });
    const waiting = expect(pool.render(model('Waiting'))).rejects.toMatchObject({ statusCode: 503 });
    await pool.close();
    await running;
    await waiting;
    await expect(pool.render(model('After'))).rejects.toMatchObject({ statusCode: 503 });
  });
});
