import { Navigate } from 'react-router';
import { OrganizationSettingsScreen } from '../../../features/organizations/screens/organization-settings-screen';
import { RiskSettingsSection } from '../../../features/risks/components/risk-settings-section';
import { hasOrganizationRight } from '../../../lib/current-user-rights';
import { ORGANIZATION_FALLBACK, useOrganizationAccess } from './organization-access';
import { usePageTitle } from '../../../components/use-page-title';

/** organization-settings: only with config:read, else Frameworks. The feature flags, then the risk matrix and appetite. */
export function OrganizationSettingsRoute() {
  const access = useOrganizationAccess();
  usePageTitle('Settings', access?.organization.name);
  if (!access) return null;
  if (!access.tabs.includes('settings')) return <Navigate to={ORGANIZATION_FALLBACK} replace />;
  return (
    <>
      <OrganizationSettingsScreen
        organizationId={access.organization.id}
        canChange={hasOrganizationRight(access.user, 'config:patch')}
        canRestore={hasOrganizationRight(access.user, 'config:update')}
      />
      <RiskSettingsSection organizationId={access.organization.id} canUpdate={hasOrganizationRight(access.user, 'config:update')} />
    </>
  );
}

export default OrganizationSettingsRoute;
