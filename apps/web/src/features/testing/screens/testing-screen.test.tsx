import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/app-api';
import { buildProject } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { buildMetric, buildSource, buildTest, METRIC_ID } from '../testing/testing-fixtures';
import { bodyOf, queryOf, stubTestingApi } from '../testing/testing-api';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const owner = buildProject({ roles: ['owner'] });
const base = `/projects/project-detail/${owner.id}/testing`;
const testsPath = `/api/v1/projects/${owner.id}/testing/tests`;
const id = (n: number) => `0199a0b2-0000-7000-8000-${String(700 + n).padStart(12, '0')}`;

const tests = [
  buildTest(),
  buildTest({ id: id(2), reference: 'T-2', name: 'Latency under budget', condition: 'latest latency ≤ 200 ms', last_result: { id: id(12), result_status: 'failed', observed_value: 250, created_at: '2026-11-21T09:00:00Z' } }),
  buildTest({ id: id(3), reference: 'T-3', name: 'Bias gap small', condition: 'latest gap ≤ 0.05', metric_stale: true, last_result: { id: id(13), result_status: 'error', observed_value: null, created_at: '2026-11-21T09:00:00Z' } }),
  buildTest({ id: id(4), reference: 'T-4', name: 'Refusals rare', condition: 'latest refusals < 0.01', last_result: null }),
];

async function open(url = base, options: Partial<Parameters<typeof stubTestingApi>[0]> = {}) {
  signIn();
  const api = stubTestingApi({ project: owner, tests, sources: [buildSource()], metrics: [buildMetric()], ...options });
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 2, name: 'Testing' }, { timeout: 10_000 });
  return { ...api, ...view, user: userEvent.setup() };
}

describe('the Testing tab', () => {
  it('lists each test with its condition and the icon of its latest result, linked to its page; the Testing tab is current', async () => {
    await open();
    const passed = await screen.findByRole('row', { name: /Accuracy stays high/ });
    expect(within(passed).getByRole('link', { name: 'T-1 Accuracy stays high' })).toHaveAttribute('href', `/projects/project-detail/${owner.id}/test-detail/${tests[0]!.id}`);
    expect(within(passed).getByText('latest accuracy ≥ 0.9')).toBeInTheDocument();
    expect(within(passed).getByText('Passed')).toBeInTheDocument();
    expect(within(passed).getByText('Daily')).toBeInTheDocument();
    expect(passed.querySelector('[data-result="passed"]')).not.toBeNull();
    expect(within(screen.getByRole('row', { name: /Latency under budget/ })).getByText('Failed')).toBeInTheDocument();
    const errored = screen.getByRole('row', { name: /Bias gap small/ });
    expect(within(errored).getByText('Error')).toBeInTheDocument();
    expect(within(errored).getByText('Stale')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Refusals rare/ })).getByText('Never run')).toBeInTheDocument();
    expect(screen.getByText('4 tests')).toBeInTheDocument();
    const tab = within(screen.getByRole('navigation', { name: 'Project sections' })).getByRole('link', { name: /Testing/ });
    expect(tab).toHaveAttribute('aria-current', 'page');
    expect(within(tab).getByText('PREVIEW')).toBeInTheDocument();
  }, 90_000);

  it('asks the API for the filters a shared URL states', async () => {
    const { calls } = await open(`${base}?name=acc&result_status=failed,never_run&status=ready&page=2`);
    await waitFor(() => {
      const last = calls.filter((call) => call.url.split('?')[0] === testsPath).at(-1)!;
      expect(queryOf(last)).toEqual({ name: 'acc', result_status: 'failed,never_run', status: 'ready', page: '2', size: '10' });
    });
    expect(screen.getByRole('combobox', { name: 'Latest result' })).toHaveTextContent('Failed, Never run');
  }, 90_000);

  it('says what to do next when there is no test', async () => {
    await open(base, { tests: [] });
    expect(await screen.findByText(/No tests yet\. Add a source and its metrics/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add the first test' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to sources & metrics' })).toBeInTheDocument();
  }, 90_000);

  it('checks a new test before sending it, and shows the server’s refusal on its field', async () => {
    const { user, calls } = await open(base, {
      handle: (call) =>
        call.url === testsPath && call.init.method === 'POST'
          ? jsonResponse(422, { detail: 'The test is not valid', code: 'unprocessable_content', errors: [{ path: 'body.threshold', message: 'An accuracy threshold must be between 0 and 1' }] })
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'New test' }));
    const dialog = await screen.findByRole('dialog', { name: 'New test' });
    await user.click(within(dialog).getByRole('button', { name: 'Create test' }));
    expect(within(dialog).getByText('Give the test a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the metric the test judges')).toBeInTheDocument();
    const posts = () => calls.filter((call) => call.url === testsPath && call.init.method === 'POST');
    expect(posts()).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Accuracy');
    await user.click(within(dialog).getByRole('combobox', { name: 'Metric' }));
    await user.click(await screen.findByRole('option', { name: 'accuracy' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Threshold' }), '9');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Passes when the latest accuracy ≥ 9.');
    await user.click(within(dialog).getByRole('button', { name: 'Create test' }));
    expect(await within(dialog).findByText('An accuracy threshold must be between 0 and 1')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Threshold' })).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(posts()[0]!)).toEqual({
      name: 'Accuracy',
      description: '',
      metric_id: METRIC_ID,
      operator: '>=',
      threshold: 9,
      threshold_upper: null,
      aggregation: 'latest',
      window_kind: null,
      window_size: null,
      lookback_days: 30,
      schedule: 'manual',
      tags: [],
    });
  }, 90_000);

  it('shows the sources with their metrics and the pipeline example for an API source', async () => {
    const { user } = await open(`${base}?view=sources`);
    const source = await screen.findByRole('region', { name: 'Nightly evaluation' });
    expect(await within(source).findByRole('rowheader', { name: /accuracy/ })).toBeInTheDocument();
    expect(within(source).getByText('0.93')).toBeInTheDocument();
    const curl = within(source).getByRole('region', { name: 'Push from a pipeline' });
    const [curlCode, pythonCode] = within(curl).getAllByText(/testing\/logs/, { selector: 'code' });
    expect(curlCode).toHaveTextContent(`curl -X POST '${window.location.origin}/api/v1/projects/${owner.id}/testing/logs'`);
    expect(curlCode).toHaveTextContent(METRIC_ID);
    expect(pythonCode).toHaveTextContent('requests.post(');
    expect(within(curl).getByRole('link', { name: 'Create a token for this project' })).toHaveAttribute('href', `/tokens?project_id=${owner.id}&rights=testing_logs%3Acreate`);
    await user.click(screen.getByRole('link', { name: 'Tests' }));
    expect(await screen.findByRole('row', { name: /Accuracy stays high/ })).toBeInTheDocument();
  }, 90_000);
});
