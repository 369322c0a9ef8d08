import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { stubScreenWidth } from '../testing/match-media';
import { SectionTabs } from './section-tabs';

const TABS = [
  { key: 'users', to: '/organization/users', label: 'User Management' },
  { key: 'frameworks', to: '/organization/frameworks', label: 'Frameworks' },
  { key: 'customization', to: '/organization/customization', label: 'Customization', badge: 'Preview' },
  { key: 'settings', to: '/organization/settings', label: 'Settings' },
];

/**
 * jsdom lays nothing out: this observer reports the first tab in view and the last one cut off, as a
 * 390 px screen does with the organization's four tabs.
 */
function stubOverflowingTabs() {
  let created = 0;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      // MUI watches the first tab with one observer, then the last tab with another.
      private readonly inView = created++ % 2 === 0;
      constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
      observe() {
        this.report([{ isIntersecting: this.inView }]);
      }
      disconnect() {}
    },
  );
}

function renderTabs(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SectionTabs label="Organization sections" tabs={TABS} />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Organization sections' });
}

describe('SectionTabs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are links, each a stop in the Tab order, the current one marked by the path', () => {
    const nav = renderTabs('/organization/customization');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['User Management', 'Frameworks', 'CustomizationPreview', 'Settings']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(TABS.map((tab) => tab.to));
    expect(within(nav).getByRole('link', { name: /Customization/ })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
    for (const link of links) {
      expect(link).not.toHaveAttribute('tabindex', '-1');
      expect(link).not.toHaveAttribute('aria-selected');
    }
    expect(within(nav).queryByRole('tab')).not.toBeInTheDocument();
  });

  it('on a phone, scroll sideways with buttons that show more tabs are there', () => {
    stubScreenWidth(390);
    stubOverflowingTabs();
    const nav = renderTabs('/organization/users');
    const buttons = nav.querySelectorAll('.MuiTabs-scrollButtons');
    expect(buttons).toHaveLength(2);
    // Not hidden below the sm breakpoint, as MUI does by default.
    for (const button of buttons) expect(button).not.toHaveClass('MuiTabs-scrollButtonsHideMobile');
    expect(within(nav).getByRole('link', { name: /Customization/ })).toBeInTheDocument();
  });
});
