import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { buildCurrentUser } from '../../testing/factories';
import { SideDrawer } from './side-drawer';
import { HOVER_DELAY_MS } from './use-hover-expansion';

function renderDrawer(docsUrl: string | null = 'https://docs.example.com') {
  render(
    <MemoryRouter initialEntries={['/']}>
      <SideDrawer
        user={buildCurrentUser()}
        vendorsEnabled={false}
        docsUrl={docsUrl}
        isDesktop
        mobileOpen={false}
        onMobileClose={() => undefined}
        onOpenProfile={() => undefined}
      />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Main' });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('SideDrawer (desktop)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts in mini mode and expands after the pointer rests on it for 500 ms', () => {
    expect(HOVER_DELAY_MS).toBe(500);
    const nav = renderDrawer();
    expect(nav).toHaveAttribute('data-state', 'collapsed');

    fireEvent.mouseEnter(nav);
    advance(499);
    expect(nav).toHaveAttribute('data-state', 'collapsed');
    advance(1);
    expect(nav).toHaveAttribute('data-state', 'expanded');

    fireEvent.mouseLeave(nav);
    expect(nav).toHaveAttribute('data-state', 'collapsed');
  });

  it('does not expand when the pointer passes over it quickly', () => {
    const nav = renderDrawer();
    fireEvent.mouseEnter(nav);
    advance(300);
    fireEvent.mouseLeave(nav);
    advance(1000);
    expect(nav).toHaveAttribute('data-state', 'collapsed');
  });

  it('stays open once pinned with the toggle, until collapsed with it', () => {
    const nav = renderDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Expand menu' }));
    expect(nav).toHaveAttribute('data-state', 'expanded');

    fireEvent.mouseEnter(nav);
    fireEvent.mouseLeave(nav);
    expect(nav).toHaveAttribute('data-state', 'expanded');

    fireEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(nav).toHaveAttribute('data-state', 'collapsed');
  });

  it('says what its toggle would do once hover has opened it: keep it open, then collapse it', () => {
    const nav = renderDrawer();
    fireEvent.mouseEnter(nav);
    advance(HOVER_DELAY_MS);
    expect(nav).toHaveAttribute('data-state', 'expanded');
    expect(screen.queryByRole('button', { name: 'Expand menu' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Keep menu open' }));
    fireEvent.mouseLeave(nav);
    expect(nav).toHaveAttribute('data-state', 'expanded');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(nav).toHaveAttribute('data-state', 'collapsed');
    expect(screen.getByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
  });

  it('keeps every entry named in mini mode', () => {
    renderDrawer();
    for (const name of ['Projects', 'Organization']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Support (opens in a new tab)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User Profile' })).toBeInTheDocument();
  });

  it('opens the built-in help page in a new tab, keeping the work in this one, when there is no DOCS_URL', () => {
    renderDrawer(null);
    const support = screen.getByRole('link', { name: 'Support (opens in a new tab)' });
    expect(support).toHaveAttribute('href', '/help');
    expect(support).toHaveAttribute('target', '_blank');
    expect(support.getAttribute('rel')).toContain('noopener');
  });
});
