import { SectionTabs } from '../../../components/section-tabs';
import type { OrganizationTab } from './organization-access';

const LABELS: Record<OrganizationTab, string> = { users: 'User Management', frameworks: 'Frameworks', customization: 'Customization', settings: 'Settings' };

/** The organization's header tabs the user may open (NavLink marks the current one from the path). */
export function OrganizationTabs({ tabs }: { tabs: readonly OrganizationTab[] }) {
  return <SectionTabs label="Organization sections" tabs={tabs.map((tab) => ({ key: tab, to: `/organization/${tab}`, label: LABELS[tab] }))} />;
}
