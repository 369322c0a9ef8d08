import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ControlRisk } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { buildControlDetail, buildProject } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { stubRisksApi } from '../testing/risks-api';
import { buildRiskListItem } from '../testing/risk-fixtures';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const project = buildProject({ roles: ['owner'] });
const base = `/projects/project-detail/${project.id}`;
const risks = [
  buildRiskListItem({ likelihood: 4, impact: 5, residual_likelihood: 2, residual_impact: 2 }),
  buildRiskListItem({ id: '0199a0b2-0000-7000-8000-000000000e02', reference: 'R-2', likelihood: 3, impact: 4 }),
  buildRiskListItem({ id: '0199a0b2-0000-7000-8000-000000000e03', reference: 'R-3', likelihood: 1, impact: 1, status: 'out_of_scope' }),
];

describe('the risks outside the Risks tab', () => {
  it('counts them by level on the project dashboard, with the heat maps linking to the register filtered to a cell', async () => {
    signIn();
    stubRisksApi({ project, risks });
    renderApp(base);
    const card = await screen.findByRole('region', { name: 'Risks' }, { timeout: 10_000 });
    const levels = await within(card).findByRole('table', { name: 'Risks by level, before and after treatment' });
    const cells = (level: string) => within(within(levels).getByRole('row', { name: new RegExp(`^${level}`) })).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells('Critical')).toEqual(['1', '0']);
    expect(cells('High')).toEqual(['1', '1']);
    expect(cells('Low')).toEqual(['0', '1']);
    expect(within(card).getByRole('link', { name: '1 risk is above the appetite' })).toHaveAttribute('href', `${base}/risks?above_appetite=true`);
    // The out-of-scope risk the maps leave out is left out of the list a cell opens.
    const cell = within(within(card).getByRole('group', { name: 'Inherent risk' })).getByRole('link', { name: 'Likelihood 4, impact 5: 1 risk, critical' });
    expect(cell).toHaveAttribute('href', `${base}/risks?likelihood=4&impact=5&status=ready%2Cin_progress%2Cin_review%2Capproved`);
  }, 60_000);

  it('lists on a control’s page the risks it mitigates, each linking to its page', async () => {
    const control = buildControlDetail();
    const mitigated: ControlRisk[] = [{ id: risks[1]!.id, reference: 'R-2', name: 'Prompt injection', status: 'ready', inherent_level: 'high', residual_level: 'high', above_appetite: true, linked_at: '2026-11-21T10:00:00Z' }];
    signIn();
    stubRisksApi({
      project,
      risks,
      handle: (call) => {
        const path = call.url.split('?')[0];
        if (path === `/api/projects/${project.id}/controls/${control.control_code}`) return jsonResponse(200, control);
        if (path === `/api/projects/${project.id}/controls/${control.control_code}/risks`) return jsonResponse(200, { items: mitigated });
        return undefined;
      },
    });
    renderApp(`${base}/control-detail/${control.control_code}`);
    const section = await screen.findByRole('region', { name: 'Risks it mitigates' }, { timeout: 10_000 });
    expect(await within(section).findByRole('link', { name: 'R-2 Prompt injection' })).toHaveAttribute('href', `${base}/risk-detail/${risks[1]!.id}`);
    expect(within(section).getByText('Residual high')).toBeInTheDocument();
    expect(within(section).getByText('Above appetite')).toBeInTheDocument();
  }, 60_000);
});
