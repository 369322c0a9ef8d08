import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotifierProvider, notifyError, notifySuccess } from './notifier';

const mount = () =>
  render(
    <StrictMode>
      <NotifierProvider>
        <p>app</p>
      </NotifierProvider>
    </StrictMode>,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('notifier', () => {
  it('shows a red notice that stays until its Close button is used', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mount();
    act(() => notifyError('Could not save the risk'));
    const notice = await screen.findByText('Could not save the risk');
    act(() => vi.advanceTimersByTime(60_000));
    expect(notice).toBeInTheDocument();
    const alert = notice.closest('.notistack-MuiContent') as HTMLElement;
    expect(alert).toHaveClass('notistack-MuiContent-error');

    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(within(alert).getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(1_000));
    await waitFor(() => expect(screen.queryByText('Could not save the risk')).not.toBeInTheDocument());
  });

  it('shows a green notice for 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mount();
    act(() => notifySuccess('Thanks for your feedback!'));
    const notice = await screen.findByText('Thanks for your feedback!');
    expect(notice.closest('.notistack-MuiContent')).toHaveClass('notistack-MuiContent-success');
    expect(within(notice.closest('.notistack-MuiContent') as HTMLElement).queryByRole('button')).toBeNull();
    act(() => vi.advanceTimersByTime(3_900));
    expect(screen.getByText('Thanks for your feedback!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    await waitFor(() => expect(screen.queryByText('Thanks for your feedback!')).not.toBeInTheDocument());
  });

  it('shows at most three notices and does not stack the same text twice', async () => {
    mount();
    act(() => {
      notifyError('one');
      notifyError('one');
      notifyError('two');
      notifyError('three');
      notifyError('four');
    });
    await screen.findByText('four');
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(3);
    expect(screen.queryAllByText('one')).toHaveLength(0);
  });

  it('keeps notices sent before the provider mounts, and shows them once it does', async () => {
    notifyError('Network unavailable');
    mount();
    expect(await screen.findByText('Network unavailable')).toBeInTheDocument();
  });

  it('anchors notices at the bottom left, and top ones at the top', async () => {
    mount();
    act(() => {
      notifyError('below');
      notifyError('above', { position: 'top' });
    });
    const below = await screen.findByText('below');
    const above = await screen.findByText('above');
    const styleOf = (element: HTMLElement) => getComputedStyle(element.closest('.notistack-SnackbarContainer') as HTMLElement);
    expect(styleOf(below)).toMatchObject({ bottom: '14px', top: 'auto', left: '20px' });
    expect(styleOf(above)).toMatchObject({ top: '14px', bottom: 'auto', left: '50%' });
  });
});
