import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { NavLink } from 'react-router';
import type { OrganizationTab } from './organization-access';

const LABELS: Record<OrganizationTab, string> = { users: 'User Management', customization: 'Customization', settings: 'Settings' };

/**
 * Tabs that are links: each is a stop in the Tab order and the current one carries
 * aria-current="page" (NavLink sets it from the path), so they are a navigation, not an ARIA tablist.
 */
export function OrganizationTabs({ tabs }: { tabs: readonly OrganizationTab[] }) {
  return (
    <Box component="nav" aria-label="Organization sections" sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
      <Box component="ul" sx={{ display: 'flex', gap: 1, m: 0, p: 0, listStyle: 'none', overflowX: 'auto' }}>
        {tabs.map((tab) => (
          <li key={tab}>
            <Link
              component={NavLink}
              to={`/organization/${tab}`}
              underline="none"
              color="text.secondary"
              sx={{
                display: 'block',
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
              }}
            >
              {LABELS[tab]}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
