import { useParams } from 'react-router';
import { useOrganizationFeatures } from '../../../features/organizations/api/get-organization-config';
import { FrameworkPage, ManagedFrameworkPage } from '../../../features/frameworks/screens/framework-detail-screen';
import { hasOrganizationRight } from '../../../lib/current-user-rights';
import { useOrganizationAccess } from './organization-access';

/**
 * organization-framework-detail (spec section 2): the new framework page when the organization config
 * has content management on, else the older one. Both show the same framework; the new one manages it.
 */
export function OrganizationFrameworkDetailRoute() {
  const { frameworkCode = '' } = useParams();
  const access = useOrganizationAccess();
  const { contentManagementEnabled } = useOrganizationFeatures(access?.organization.id);
  if (!access) return null;
  const organizationId = access.organization.id;
  if (!contentManagementEnabled) return <FrameworkPage key={frameworkCode} organizationId={organizationId} frameworkCode={frameworkCode} />;
  return (
    <ManagedFrameworkPage
      key={frameworkCode}
      organizationId={organizationId}
      frameworkCode={frameworkCode}
      abilities={{ manage: hasOrganizationRight(access.user, 'templates:upload'), delete: hasOrganizationRight(access.user, 'templates:delete') }}
    />
  );
}

export default OrganizationFrameworkDetailRoute;
