import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { Link as RouterLink, useLocation } from 'react-router';
import type { ProjectPermission } from '@aegis/contracts';
import { clearedProjectSearch } from '../project-filters';
import { isProjectTabActive, visibleProjectTabs } from '../project-tabs';
import { projectDetailPath } from './project-labels';

type Props = { projectId: string; rights: readonly ProjectPermission[] };

/**
 * The project's tabs as links, like the organization's: each is a stop in the Tab order and the
 * current one carries aria-current="page". A tab leads to its screen without the list filters (spec
 * section 2); other query parameters stay.
 */
export function ProjectTabsNav({ projectId, rights }: Props) {
  const { pathname, search } = useLocation();
  const base = projectDetailPath(projectId);
  const rest = clearedProjectSearch(search);
  return (
    <Box component="nav" aria-label="Project sections" sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
      <Box component="ul" sx={{ display: 'flex', gap: 1, m: 0, p: 0, listStyle: 'none', overflowX: 'auto' }}>
        {visibleProjectTabs(rights).map((tab) => {
          const active = isProjectTabActive(tab, base, pathname);
          return (
            <li key={tab.path}>
              <Link
                component={RouterLink}
                to={{ pathname: tab.path ? `${base}/${tab.path}` : base, search: rest }}
                aria-current={active ? 'page' : undefined}
                underline="none"
                color="text.secondary"
                sx={{
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
                }}
              >
                {tab.label}
                {tab.badge && <Chip label={tab.badge} size="small" color="secondary" sx={{ height: 18, fontSize: '0.625rem' }} />}
              </Link>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
