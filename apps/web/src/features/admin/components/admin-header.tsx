import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { NavLink } from 'react-router';

type AdminTab = { label: string; to: string };

// Spec section 2: Organizations, and Frameworks for internal admins only. The Frameworks tab comes
// with the frameworks screens (admin-frameworks, admin-framework-detail), shown only when
// isInternalAdmin(user.roles, user.is_super_admin) from @aegis/contracts holds.
const TABS: AdminTab[] = [{ label: 'Organizations', to: '/admin' }];

/**
 * The admin area's tabs. They are links, so a navigation rather than an ARIA tablist: each is a stop
 * in the Tab order, and the current one carries aria-current="page" (NavLink sets it from the path).
 */
export function AdminHeader() {
  return (
    <Box component="nav" aria-label="Admin sections" sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
      <Box component="ul" sx={{ display: 'flex', gap: 1, m: 0, p: 0, listStyle: 'none', overflowX: 'auto' }}>
        {TABS.map((tab) => (
          <li key={tab.to}>
            <Link
              component={NavLink}
              to={tab.to}
              // /admin is the Organizations tab only, not every admin screen below it.
              end
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
              {tab.label}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
