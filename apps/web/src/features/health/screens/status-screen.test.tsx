import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { buildHealthReport, jobQueue } from '../../../testing/health-factories';
import { renderApp } from '../../../testing/render-app';

const notFound = () => jsonResponse(404, { detail: 'Not found', code: 'not_found' });

describe('StatusScreen', () => {
  it('shows the version and each component’s state without a session', async () => {
    stubFetch(({ url }) => (url === '/api/health' ? jsonResponse(200, buildHealthReport()) : notFound()));
    const { router } = renderApp('/status');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aegis status' })).toBeInTheDocument();
    expect(await screen.findByText('All systems operational.')).toBeInTheDocument();
    expect(screen.getByText('Version v1.2.6')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Components' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Database', 'File storage', 'Identity provider', 'Background jobs']);
    // Each part's state; the background jobs' queues carry theirs too.
    for (const item of items) expect(within(item).getAllByText('Operational')[0]).toBeInTheDocument();
    expect(within(items[0]!).getByText('The embedded PostgreSQL (PGlite) answers')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/status');
  });

  it('shows each background job’s queue: its state, when it runs, what waits and its last run', async () => {
    const report = buildHealthReport({ status: 'degraded' }, {
      background_jobs: {
        status: 'unavailable',
        detail: 'Removal of deleted projects’ files: 1 waiting to be retried (last ran 3 minutes ago); Text extraction: the last run failed (just now)',
        checked_at: '2026-11-23T10:15:00.000Z',
        queues: [
          jobQueue({ status: 'degraded', retrying: 1, queued: 2 }),
          jobQueue({ name: 'text_extraction', label: 'Text extraction', status: 'unavailable', schedule: null, failed: 1, last_completed_at: null, last_failed_at: '2026-11-23T10:15:00.000Z' }),
        ],
      },
    });
    stubFetch(({ url }) => (url === '/api/health' ? jsonResponse(200, report) : notFound()));
    renderApp('/status');
    const table = await screen.findByRole('table', { name: 'Job queues' });
    const [removal, extraction] = within(table).getAllByRole('row').slice(1);
    expect(within(removal!).getByText('Removal of deleted projects’ files')).toBeInTheDocument();
    expect(within(removal!).getByText('Every 5 minutes')).toBeInTheDocument();
    expect(within(removal!).getByText('Degraded')).toBeInTheDocument();
    expect(within(removal!).getByText('2 waiting · 0 running · 1 to retry')).toBeInTheDocument();
    expect(within(removal!).queryByText('Not yet')).toBeNull();
    expect(within(extraction!).getByText('On demand')).toBeInTheDocument();
    expect(within(extraction!).getByText('Unavailable')).toBeInTheDocument();
    expect(within(extraction!).getByText('0 waiting · 0 running · 1 failed today')).toBeInTheDocument();
    expect(within(extraction!).getByText('Not yet')).toBeInTheDocument();
  });

  it('shows which part failed when the service is down (503)', async () => {
    const report = buildHealthReport(
      { status: 'unavailable', database: 'unavailable' },
      { database: { status: 'unavailable', detail: 'PostgreSQL does not answer', latency_ms: 3000, checked_at: '2026-11-23T10:15:00.000Z' } },
    );
    stubFetch(({ url }) => (url === '/api/health' ? jsonResponse(503, report) : notFound()));
    const { router } = renderApp('/status');
    expect(await screen.findByText('Aegis is unavailable: its database does not answer.')).toBeInTheDocument();
    const database = screen.getAllByRole('listitem')[0]!;
    expect(within(database).getByText('Unavailable')).toBeInTheDocument();
    expect(within(database).getByText('PostgreSQL does not answer')).toBeInTheDocument();
    // A 503 is the answer here, not a reason to leave for the service-down page.
    expect(router.state.location.pathname).toBe('/status');
  });

  it('says when the status cannot be loaded, and loads it on Retry', async () => {
    let reachable = false;
    stubFetch(({ url }) => {
      if (url !== '/api/health') return notFound();
      return reachable ? jsonResponse(200, buildHealthReport({ status: 'degraded' }, { file_storage: { status: 'unavailable', detail: 'The S3-compatible bucket cannot be reached or written', checked_at: '2026-11-23T10:15:00.000Z' } })) : new Response('Bad gateway', { status: 502 });
    });
    renderApp('/status');
    expect(await screen.findByText(/The status could not be loaded/)).toBeInTheDocument();
    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/a part it depends on has a problem/)).toBeInTheDocument();
    expect(within(screen.getAllByRole('listitem')[1]!).getByText('Unavailable')).toBeInTheDocument();
  });
});
