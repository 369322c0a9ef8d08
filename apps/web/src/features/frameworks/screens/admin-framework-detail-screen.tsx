import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, useParams } from 'react-router';
import { PageProgress } from '../../../components/page-progress';
import { RetryAlert } from '../../../components/retry-alert';
import { SectionHeading } from '../../../components/section-heading';
import { ApiError, errorDetail } from '../../../lib/errors';
import { usePlatformFramework } from '../api/get-platform-framework';
import { FrameworkContent } from '../components/framework-content';
import { FrameworkOverview } from '../components/framework-overview';
import { OrganizationEnablementTable } from '../components/organization-enablement-table';
import { adminFrameworkPath } from '../framework-labels';
import { usePageTitle } from '../../../components/use-page-title';

const BACK = { to: '/admin/frameworks', label: 'All platform frameworks' };

/** admin-framework-detail: a platform framework's content and, per organization, whether it is on. */
export function AdminFrameworkDetailScreen() {
  const { frameworkCode = '' } = useParams();
  const detail = usePlatformFramework(frameworkCode);
  usePageTitle(detail.data?.framework.name ?? frameworkCode, 'Frameworks', 'Admin');
  if (detail.isPending) return <PageProgress label="Loading the framework…" />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      return (
        <Alert severity="info">
          {`There is no platform framework ${frameworkCode}. `}
          <Link component={RouterLink} to={BACK.to}>
            See all platform frameworks
          </Link>
        </Alert>
      );
    }
    return <RetryAlert onRetry={() => void detail.refetch()}>{`The framework could not be loaded: ${errorDetail(detail.error)}`}</RetryAlert>;
  }
  const { framework, organizations } = detail.data;
  return (
    <Box component="section" aria-labelledby="framework-title">
      <FrameworkOverview framework={{ ...framework, enabled: undefined }} back={BACK} />
      <Paper variant="outlined" component="section" aria-labelledby="framework-organizations-title" sx={{ p: 2, mb: 3 }}>
        <SectionHeading id="framework-organizations-title" level={3} title="Organizations" description="Switch the framework on or off for each organization's projects." />
        {organizations.length === 0 ? (
          <Alert severity="info">There are no organizations yet.</Alert>
        ) : (
          <OrganizationEnablementTable framework={framework} organizations={organizations} labelledBy="framework-organizations-title" />
        )}
      </Paper>
      <FrameworkContent framework={framework} frameworkHref={adminFrameworkPath} />
    </Box>
  );
}

export default AdminFrameworkDetailScreen;
