import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

describe('HelpScreen', () => {
  it('explains the product, the roles and where to start, without a session', async () => {
    stubFetch(() => jsonResponse(404, { detail: 'Not found', code: 'not_found' }));
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aegis help' })).toBeInTheDocument();
    for (const name of ['What Aegis is for', 'Where to start', 'Roles', 'For integrators']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const organization = screen.getByRole('table', { name: 'Organization roles' });
    expect(within(organization).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Admin', 'Member', 'Internal']);
    const project = screen.getByRole('table', { name: 'Project roles' });
    expect(within(project).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Owner', 'Editor', 'Reviewer', 'Auditor']);
    expect(within(project).getByRole('row', { name: /Reviewer/ })).toHaveTextContent('approves or rejects the reviews that name them');
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/docs');
    expect(screen.getByRole('link', { name: 'status page' })).toHaveAttribute('href', '/status');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    // Reached from a link, a bookmark or the status page: there is always a way into the app.
    expect(within(screen.getByRole('navigation', { name: 'Back' })).getByRole('link', { name: 'Back to Aegis' })).toHaveAttribute('href', '/');
  });
});
