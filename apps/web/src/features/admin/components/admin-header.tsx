import { SectionTabs } from '../../../components/section-tabs';

type AdminTab = { label: string; to: string };

// Spec section 2: Organizations, and Frameworks for internal admins only. The Frameworks tab comes
// with the frameworks screens (admin-frameworks, admin-framework-detail), shown only when
// isInternalAdmin(user.roles, user.is_super_admin) from @aegis/contracts holds.
const TABS: AdminTab[] = [{ label: 'Organizations', to: '/admin' }];

/** The admin area's header tabs; /admin is the Organizations tab only, not every admin screen below it. */
export function AdminHeader() {
  return <SectionTabs label="Admin sections" tabs={TABS.map((tab) => ({ key: tab.to, to: tab.to, label: tab.label, end: true }))} />;
}
