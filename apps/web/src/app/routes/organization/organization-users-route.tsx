import { Navigate } from 'react-router';
import { OrganizationUsersScreen } from '../../../features/organizations/screens/organization-users-screen';
import { memberAbilities, ORGANIZATION_FALLBACK, useOrganizationAccess } from './organization-access';
import { usePageTitle } from '../../../components/use-page-title';

/** organization-users: only with the User Management tab, else Frameworks. */
export function OrganizationUsersRoute() {
  const access = useOrganizationAccess();
  usePageTitle('Users', access?.organization.name);
  if (!access) return null;
  if (!access.tabs.includes('users')) return <Navigate to={ORGANIZATION_FALLBACK} replace />;
  return <OrganizationUsersScreen organizationId={access.organization.id} abilities={memberAbilities(access.user)} />;
}

export default OrganizationUsersRoute;
