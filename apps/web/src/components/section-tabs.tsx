import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { NavLink, Link as RouterLink, type To } from 'react-router';

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
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  px: 2,
  py: 1.5,
  fontWeight: 600,
  fontSize: '0.875rem',
  letterSpacing: '0.02857em',
  textTransform: 'uppercase',
  whiteSpace: 'nowrap',
  borderBottom: 2,
  borderColor: 'transparent',
  '&:hover': { color: 'text.primary' },
  '&[aria-current="page"]': { color: 'primary.main', borderColor: 'primary.main' },
} as const;

/**
 * A section's header tabs (organization, admin, project). They are links, so a navigation rather than
 * an ARIA tablist: each is a stop in the Tab order and the current one carries aria-current="page".
 */
export function SectionTabs({ label, tabs }: { label: string; tabs: readonly SectionTab[] }) {
  return (
    <Box component="nav" aria-label={label} sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
      <Box component="ul" sx={{ display: 'flex', gap: 1, m: 0, p: 0, listStyle: 'none', overflowX: 'auto' }}>
        {tabs.map((tab) => {
          const content = (
            <>
              {tab.label}
              {tab.badge && <Chip label={tab.badge} size="small" color="secondary" sx={{ height: 18, fontSize: '0.625rem' }} />}
            </>
          );
          return (
            <li key={tab.key}>
              {tab.current === undefined ? (
                <Link component={NavLink} to={tab.to} end={tab.end} underline="none" color="text.secondary" sx={tabSx}>
                  {content}
                </Link>
              ) : (
                <Link component={RouterLink} to={tab.to} aria-current={tab.current ? 'page' : undefined} underline="none" color="text.secondary" sx={tabSx}>
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
