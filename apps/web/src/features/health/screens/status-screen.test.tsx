import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { buildHealthReport } from '../../../testing/health-factories';
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
    for (const item of items) expect(within(item).getByText('Operational')).toBeInTheDocument();
    expect(within(items[0]!).getByText('The embedded PostgreSQL (PGlite) answers')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/status');
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
