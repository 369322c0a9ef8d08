import { describe, expect, it } from 'vitest';
import { createJobMonitor } from './job-monitor';

function clockAt(start: string) {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

const MINUTE = 60_000;

describe('job monitor', () => {
  it('is ok after a full run, degraded when items wait for a retry, unavailable when the run failed', async () => {
    const clock = clockAt('2026-11-23T10:00:00Z');
    const jobs = createJobMonitor(clock);
    jobs.define('purge', 'File removal', 5 * MINUTE);
    expect(jobs.states()[0]).toMatchObject({ name: 'purge', status: 'ok', lastRunAt: undefined });

    await jobs.track('purge', async () => ({ failed: 0 }), (r) => r.failed);
    expect(jobs.states()[0]).toMatchObject({ status: 'ok', failures: 0, lastRunAt: new Date('2026-11-23T10:00:00Z') });

    await jobs.track('purge', async () => ({ failed: 2 }), (r) => r.failed);
    expect(jobs.states()[0]).toMatchObject({ status: 'degraded', failures: 2 });

    await expect(jobs.track('purge', async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(jobs.states()[0]).toMatchObject({ status: 'unavailable' });
  });

  it('counts a job as overdue when it has not run for two of its intervals', async () => {
    const clock = clockAt('2026-11-23T10:00:00Z');
    const jobs = createJobMonitor(clock);
    jobs.define('statistics', 'Statistics', 10 * MINUTE);
    clock.advance(20 * MINUTE);
    expect(jobs.states()[0]!.status).toBe('ok');
    clock.advance(1);
    expect(jobs.states()[0]!.status).toBe('degraded');
    await jobs.track('statistics', async () => undefined);
    expect(jobs.states()[0]!.status).toBe('ok');
  });
});
