import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubAppApi } from '../../testing/app-api';
import { renderApp } from '../../testing/render-app';

describe('ProblemScreen', () => {
  it('shows the error query parameter as a code, without a session', async () => {
    stubAppApi();
    renderApp('/problem?error=E42');
    expect(await screen.findByRole('heading', { name: 'There was a problem' })).toBeInTheDocument();
    const code = screen.getByText('E42');
    expect(code.tagName).toBe('CODE');
  });

  it('shows no code when there is none', async () => {
    stubAppApi();
    const { container } = renderApp('/problem');
    expect(await screen.findByRole('heading', { name: 'There was a problem' })).toBeInTheDocument();
    expect(container.querySelector('code')).toBeNull();
  });
});
