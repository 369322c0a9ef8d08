import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signIn, stubAppApi } from '../../testing/app-api';
import { jsonResponse } from '../../testing/fetch-stub';
import { renderApp } from '../../testing/render-app';

describe('ServiceDownScreen', () => {
  it('stays while the health check fails, and goes home once it answers', async () => {
    signIn();
    let healthy = false;
    stubAppApi({ handle: ({ url }) => (url === '/api/health' ? jsonResponse(healthy ? 200 : 503, { status: healthy ? 'ok' : 'unavailable' }) : undefined) });
    const { router } = renderApp('/service-down');
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });

    await userEvent.click(tryAgain);
    expect(await screen.findByText('The service is still unavailable.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/service-down');

    healthy = true;
    await userEvent.click(tryAgain);
    expect(await screen.findByRole('heading', { name: 'Hello, Alice Admin!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
