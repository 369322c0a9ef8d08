import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signIn, stubAppApi } from '../../../testing/app-api';
import { callsTo, jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const created = {
  feedback_id: '0199a0b2-0000-7000-8000-0000000000f1',
  message: 'Great tool',
  page: '/dashboard',
  user_id: '0199a0b2-0000-7000-8000-000000000002',
  organization_id: '0199a0b2-0000-7000-8000-000000000001',
  organization_name: 'Demo Organization',
  created_at: '2025-01-01T00:00:00Z',
};

async function openDialog(handle: (call: FetchCall) => Response | Promise<Response> | undefined) {
  signIn();
  const fetch = stubAppApi({ handle });
  renderApp('/dashboard');
  await userEvent.click(await screen.findByRole('button', { name: 'Provide Feedback' }));
  const dialog = await screen.findByRole('dialog', { name: 'Provide Feedback' });
  return { fetch, dialog };
}

describe('FeedbackDialog', () => {
  it('sends the message with the page, thanks the user and closes', async () => {
    const { fetch, dialog } = await openDialog(({ url }) => (url === '/api/feedback' ? jsonResponse(201, created) : undefined));
    const field = within(dialog).getByRole('textbox', { name: 'Feedback' });
    expect(field).toHaveAttribute('placeholder', 'Tell us about positive experiences or issues you ran into…');
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await userEvent.type(field, '   ');
    expect(send).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'Great tool');
    await userEvent.click(send);

    expect(await screen.findByText('Thanks for your feedback!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Provide Feedback' })).not.toBeInTheDocument());
    const [call] = callsTo(fetch, '/api/feedback');
    expect(call?.init.method).toBe('POST');
    expect(JSON.parse(String(call?.init.body))).toEqual({ message: 'Great tool', page: '/dashboard' });
    expect(new Headers(call?.init.headers).get('content-type')).toBe('application/json');
  });

  it('disables Send while sending', async () => {
    const { dialog } = await openDialog(({ url }) => (url === '/api/feedback' ? new Promise<Response>(() => {}) : undefined));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Feedback' }), 'Slow');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Send/ })).toBeDisabled());
  });

  it('keeps the dialog and the text when sending fails', async () => {
    const { dialog } = await openDialog(({ url }) =>
      url === '/api/feedback' ? jsonResponse(422, { detail: 'message: Too long', code: 'unprocessable_content' }) : undefined,
    );
    const field = within(dialog).getByRole('textbox', { name: 'Feedback' });
    await userEvent.type(field, 'Oops');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('message: Too long')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Provide Feedback' })).toBeInTheDocument();
    expect(field).toHaveValue('Oops');
    expect(screen.queryByText('Thanks for your feedback!')).not.toBeInTheDocument();
  });
});
