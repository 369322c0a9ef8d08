import { OrganizationFrameworksScreen } from '../../../features/frameworks/screens/organization-frameworks-screen';
import { hasOrganizationRight } from '../../../lib/current-user-rights';
import { useOrganizationAccess } from './organization-access';
import { usePageTitle } from '../../../components/use-page-title';

/** organization-frameworks: every member reads; templates:upload and templates:delete manage. */
export function OrganizationFrameworksRoute() {
  const access = useOrganizationAccess();
  usePageTitle('Frameworks', access?.organization.name);
  if (!access) return null;
  return (
    <OrganizationFrameworksScreen
      organizationId={access.organization.id}
      abilities={{ manage: hasOrganizationRight(access.user, 'templates:upload'), delete: hasOrganizationRight(access.user, 'templates:delete') }}
    />
  );
}

export default OrganizationFrameworksRoute;
