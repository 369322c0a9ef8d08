import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TestingSummary } from '@aegis/contracts';
import { createQueryClient } from '../../../app/query-client';
import { signIn } from '../../../testing/app-api';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { passRateText, TestingDashboardCard } from './testing-dashboard-card';

const PROJECT = '0199a0b2-0000-7000-8000-000000000001';
const summary = (overrides: Partial<TestingSummary> = {}): TestingSummary => ({
  total: 4,
  by_result: { passed: 2, failed: 1, error: 0, never_run: 1 },
  pass_rate: 2 / 3,
  controls_with_failing_tests: 1,
  failing: [{ id: '0199a0b2-0000-7000-8000-000000000009', reference: 'T-3', name: 'Fairness gap below 0.05', last_run_at: '2026-11-28T06:00:00Z' }],
  stale_metrics: 1,
  ...overrides,
});

function renderCard(answer: TestingSummary) {
  signIn();
  stubFetch(({ url }) => (url.endsWith(`/api/v1/projects/${PROJECT}/testing/summary`) ? jsonResponse(200, answer) : jsonResponse(404, { detail: 'Not found', code: 'not_found' })));
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <MemoryRouter>
        <TestingDashboardCard projectId={PROJECT} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('TestingDashboardCard', () => {
  it('says the pass rate over the tests that ran, links each count to the list it counts, and names the failing tests', async () => {
    renderCard(summary());
    expect(await screen.findByText('2 of 3 tests pass (67 %)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 failing' })).toHaveAttribute('href', `/projects/project-detail/${PROJECT}/testing?result_status=failed`);
    expect(screen.getByRole('link', { name: '1 never run' })).toHaveAttribute('href', `/projects/project-detail/${PROJECT}/testing?result_status=never_run`);
    expect(screen.getByText('1 control is flagged “test failing”')).toBeInTheDocument();
    expect(screen.getByText('1 metric has no recent value')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Failing tests' })).getByRole('link', { name: 'T-3 Fairness gap below 0.05' })).toBeInTheDocument();
  });

  it('says what to do while the project has no tests', async () => {
    renderCard(summary({ total: 0, by_result: { passed: 0, failed: 0, error: 0, never_run: 0 }, pass_rate: null, controls_with_failing_tests: 0, failing: [], stale_metrics: 0 }));
    expect(await screen.findByText(/No tests yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Testing' })).toBeInTheDocument();
  });

  it('words the pass rate for one test and for none run', () => {
    expect(passRateText(summary({ by_result: { passed: 1, failed: 0, error: 0, never_run: 0 }, pass_rate: 1 }))).toBe('1 of 1 test passes (100 %)');
    expect(passRateText(summary({ by_result: { passed: 0, failed: 0, error: 0, never_run: 2 }, pass_rate: null }))).toBe('No test has run yet');
  });
});
