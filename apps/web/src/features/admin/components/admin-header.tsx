import { SectionTabs } from '../../../components/section-tabs';
import { useCurrentUser } from '../../../lib/current-user';
import { canManagePlatformFrameworks } from '../admin-access';

type AdminTab = { label: string; to: string; end: boolean };

const ORGANIZATIONS: AdminTab = { label: 'Organizations', to: '/admin', end: true };
/** Also current on a framework's detail page. */
const FRAMEWORKS: AdminTab = { label: 'Frameworks', to: '/admin/frameworks', end: false };

/** Spec section 2: the admin area's header tabs: Organizations, and Frameworks for internal admins only. */
export function AdminHeader() {
  const { data: user } = useCurrentUser();
  const tabs = user && canManagePlatformFrameworks(user) ? [ORGANIZATIONS, FRAMEWORKS] : [ORGANIZATIONS];
  return <SectionTabs label="Admin sections" tabs={tabs.map((tab) => ({ key: tab.to, to: tab.to, label: tab.label, end: tab.end }))} />;
}
