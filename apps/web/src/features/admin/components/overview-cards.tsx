import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { OrganizationsOverview } from '@aegis/contracts';
import { formatCount } from '../../../lib/format';
import { useOrganizationsOverview } from '../api/get-organizations-overview';

type Stat = { label: string; value: (o: OrganizationsOverview) => number; detail?: (o: OrganizationsOverview) => string };

const STATS: Stat[] = [
  { label: 'Organizations', value: (o) => o.organizations },
  { label: 'Active in the last 30 days', value: (o) => o.active_organizations_30d },
  { label: 'Users', value: (o) => o.users },
  {
    label: 'Projects',
    value: (o) => o.projects,
    detail: (o) => `${formatCount(o.projects_ai_application)} AI application · ${formatCount(o.projects_organization)} organization`,
  },
  {
    label: 'Frameworks',
    value: (o) => o.platform_frameworks,
    detail: (o) => `on the platform · ${formatCount(o.organization_templates)} organization templates`,
  },
];

/** The platform's totals, one card each. */
export function OverviewCards() {
  const { data: overview, isError } = useOrganizationsOverview();
  if (isError && !overview) {
    return (
      <Alert severity="error" sx={{ mb: 3 }}>
        The totals could not be loaded.
      </Alert>
    );
  }
  return (
    <Box
      component="ul"
      aria-label="Platform totals"
      aria-busy={!overview}
      sx={{ listStyle: 'none', p: 0, m: 0, mb: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}
    >
      {STATS.map((stat) => (
        <Card key={stat.label} component="li" variant="outlined">
          <CardContent>
            <Typography color="text.secondary">{stat.label}</Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
              {overview ? formatCount(stat.value(overview)) : <Skeleton width="40%" aria-label="Loading" />}
            </Typography>
            {stat.detail && overview && (
              <Typography variant="body2" color="text.secondary">
                {stat.detail(overview)}
              </Typography>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

