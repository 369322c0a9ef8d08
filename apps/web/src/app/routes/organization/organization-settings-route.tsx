import { Navigate } from 'react-router';
import { OrganizationSettingsScreen } from '../../../features/organizations/screens/organization-settings-screen';
import { hasOrganizationRight } from '../../../features/users/current-user-rights';
import { organizationLanding, useOrganizationAccess } from './organization-access';

/** organization-settings: only with config:read, else where /organization leads. */
export function OrganizationSettingsRoute() {
  const access = useOrganizationAccess();
  if (!access) return null;
  if (!access.tabs.includes('settings')) return <Navigate to={organizationLanding(access.tabs)} replace />;
  return (
    <OrganizationSettingsScreen
      organizationId={access.organization.id}
      canChange={hasOrganizationRight(access.user, 'config:patch')}
      canRestore={hasOrganizationRight(access.user, 'config:update')}
    />
  );
}

export default OrganizationSettingsRoute;
