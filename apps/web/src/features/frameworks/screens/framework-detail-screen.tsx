import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { PageProgress } from '../../../components/page-progress';
import { RetryAlert } from '../../../components/retry-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { ApiError, errorDetail } from '../../../lib/errors';
import { useFramework } from '../api/get-framework';
import { FrameworkActions, type FrameworkManagement } from '../components/framework-actions';
import { FrameworkContent } from '../components/framework-content';
import { FrameworkOverview } from '../components/framework-overview';
import { organizationFrameworkPath } from '../framework-labels';

type Props = { organizationId: string; frameworkCode: string };

const BACK = { to: '/organization/frameworks', label: 'All frameworks' };

/** One framework of the organization: what it is and its content; with `management`, the actions too. */
function FrameworkDetail({ organizationId, frameworkCode, management }: Props & { management?: FrameworkManagement }) {
  const framework = useFramework(organizationId, frameworkCode);
  usePageTitle(framework.data?.name ?? frameworkCode, useCurrentUser().data?.organization?.name);
  if (framework.isPending) return <PageProgress label="Loading the framework…" />;
  if (framework.isError) {
    if (framework.error instanceof ApiError && framework.error.status === 404) {
      return (
        <Alert severity="info">
          {`There is no framework ${frameworkCode} your organization can use. `}
          <Link component={RouterLink} to={BACK.to}>
            See all frameworks
          </Link>
        </Alert>
      );
    }
    return <RetryAlert onRetry={() => void framework.refetch()}>{`The framework could not be loaded: ${errorDetail(framework.error)}`}</RetryAlert>;
  }
  const detail = framework.data;
  return (
    <Box component="section" aria-labelledby="framework-title">
      <FrameworkOverview
        framework={detail}
        back={BACK}
        actions={management && <FrameworkActions organizationId={organizationId} framework={detail} abilities={management} />}
      />
      <FrameworkContent framework={detail} frameworkHref={organizationFrameworkPath} />
    </Box>
  );
}

/** The older framework page (content management off): the framework, read only. */
export function FrameworkPage(props: Props) {
  return <FrameworkDetail {...props} />;
}

/** The new framework page (content management on): the same content, with the management actions the user may take. */
export function ManagedFrameworkPage({ abilities, ...props }: Props & { abilities: FrameworkManagement }) {
  return <FrameworkDetail {...props} management={abilities} />;
}
