import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, matchPath, useLocation, type To } from 'react-router';

export type SectionTab = {
  key: string;
  to: To;
  label: ReactNode;
  /** Whether this tab is the current one; when left out, the path decides (NavLink, with `end`). */
  current?: boolean;
  end?: boolean;
  /** A small chip after the label, such as PREVIEW. */
  badge?: string;
};

const tabSx = {
  minHeight: 48,
  px: 2,
  fontWeight: 600,
  color: 'text.secondary',
  '&:hover': { color: 'text.primary' },
  '&[aria-current="page"]': { color: 'primary.main' },
} as const;

const pathOf = (to: To) => (typeof to === 'string' ? to : (to.pathname ?? ''));

/**
 * A section's header tabs (organization, admin, project). They are links, so a navigation rather than
 * an ARIA tablist: each is a stop in the Tab order and the current one carries aria-current="page".
 * MUI's scrollable Tabs lay them out: on a narrow screen they scroll sideways, with buttons (on phones
 * too) that show that more tabs are there, and the current one is scrolled into view.
 */
export function SectionTabs({ label, tabs }: { label: string; tabs: readonly SectionTab[] }) {
  const { pathname } = useLocation();
  // As NavLink decides, when the tab does not say: its path, and below it unless `end`.
  const isCurrent = (tab: SectionTab) => tab.current ?? matchPath({ path: pathOf(tab.to), end: tab.end ?? false }, pathname) !== null;
  const current = tabs.findIndex(isCurrent);
  return (
    <Box component="nav" aria-label={label} sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, minWidth: 0 }}>
      <Tabs
        value={current === -1 ? false : current}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        // Links, not an ARIA tablist (see above): the list and its items lose the tab roles.
        slotProps={{ list: { role: undefined } }}
      >
        {tabs.map((tab, index) => (
          <Tab
            key={tab.key}
            value={index}
            component={RouterLink}
            to={tab.to}
            role={undefined}
            aria-selected={undefined}
            tabIndex={0}
            aria-current={index === current ? 'page' : undefined}
            sx={tabSx}
            label={
              <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
                {tab.label}
                {tab.badge && <Chip label={tab.badge} size="small" color="secondary" sx={{ height: 18, fontSize: '0.625rem' }} />}
              </Box>
            }
          />
        ))}
      </Tabs>
    </Box>
  );
}
