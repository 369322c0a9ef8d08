import { Navigate } from 'react-router';
import { organizationLanding, useOrganizationAccess } from './organization-access';

/** /organization: the first tab the user may open (every member may at least open Customization). */
export function OrganizationIndexScreen() {
  const access = useOrganizationAccess();
  if (!access) return null;
  return <Navigate to={organizationLanding(access.tabs)} replace />;
}

export default OrganizationIndexScreen;
