import { Navigate } from 'react-router';
import { organizationLanding, useOrganizationAccess } from './organization-access';

/** /organization: User Management for those who may see it, else Frameworks. */
export function OrganizationIndexScreen() {
  const access = useOrganizationAccess();
  if (!access) return null;
  return <Navigate to={organizationLanding(access.tabs)} replace />;
}

export default OrganizationIndexScreen;
