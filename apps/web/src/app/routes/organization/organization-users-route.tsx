import { Navigate } from 'react-router';
import { OrganizationUsersScreen } from '../../../features/organizations/screens/organization-users-screen';
import { memberAbilities, organizationLanding, useOrganizationAccess } from './organization-access';

/** organization-users: only with the User Management tab, else where /organization leads. */
export function OrganizationUsersRoute() {
  const access = useOrganizationAccess();
  if (!access) return null;
  if (!access.tabs.includes('users')) return <Navigate to={organizationLanding(access.tabs)} replace />;
  return <OrganizationUsersScreen organizationId={access.organization.id} abilities={memberAbilities(access.user)} />;
}

export default OrganizationUsersRoute;
