import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/app-api';
import { buildProject } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { buildMetric, buildResult, buildSource, buildTestDetail, METRIC_ID, SOURCE_ID, TEST_ID } from '../testing/testing-fixtures';
import { stubTestingApi } from '../testing/testing-api';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const owner = buildProject({ roles: ['owner'] });
const testPath = `/api/v1/projects/${owner.id}/testing/tests/${TEST_ID}`;

describe('a test’s page', () => {
  it('shows its condition, results and controls; Run now stores a result; the Testing tab stays current', async () => {
    signIn();
    const failed = buildResult({ id: '0199a0b2-0000-7000-8000-000000000d39', result_status: 'failed', observed_value: 0.85, evidence_ids: ['0199a0b2-0000-7000-8000-000000000e01'] });
    const { calls } = stubTestingApi({
      project: owner,
      sources: [buildSource()],
      metrics: [buildMetric()],
      handle: (call) => {
        const path = call.url.split('?')[0]!;
        const method = call.init.method ?? 'GET';
        if (path === testPath && method === 'GET') return jsonResponse(200, buildTestDetail());
        if (path === `${testPath}/results` && method === 'POST') return jsonResponse(201, failed);
        if (path === `${testPath}/results`) return jsonResponse(200, { items: [buildResult()], total: 1, page: 1, size: 10, pages: 1 });
        if (path === `${testPath}/controls`) return jsonResponse(200, { items: [{ id: '0199a0b2-0000-7000-8000-000000000c41', control_code: 'MFF-1.TST.01', title: 'Accuracy is monitored', status: 'in_progress', linked_at: '2026-11-21T10:00:00Z' }] });
        if (path.endsWith(`/sources/${SOURCE_ID}/metrics/${METRIC_ID}/series`)) {
          return jsonResponse(200, { metric_id: METRIC_ID, from: null, to: null, value_count: 1, points: [{ at: '2026-11-21T09:00:00Z', mean: 0.93, min: 0.93, max: 0.93, count: 1 }] });
        }
        return undefined;
      },
    });
    renderApp(`/projects/project-detail/${owner.id}/test-detail/${TEST_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Accuracy stays high' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Passes when the latest accuracy ≥ 0.9')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Project sections' })).getByRole('link', { name: /Testing/ })).toHaveAttribute('aria-current', 'page');
    const controls = await screen.findByRole('list', { name: 'Controls linked to T-1' });
    expect(within(controls).getByRole('link', { name: 'MFF-1.TST.01' })).toBeInTheDocument();
    expect(await screen.findByText('1 value of the metric. 1 run shown: 1 passed, 0 failed, 0 with an error.')).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Results' });
    expect(await within(results).findByText('Passed')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(calls.filter((call) => call.url === `${testPath}/results` && call.init.method === 'POST')).toHaveLength(1));
    expect(await screen.findByText('T-1: failed (0.85)')).toBeInTheDocument();
  }, 90_000);
});
