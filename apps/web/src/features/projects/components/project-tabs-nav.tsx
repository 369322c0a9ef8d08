import { useLocation } from 'react-router';
import type { ProjectPermission } from '@aegis/contracts';
import { SectionTabs } from '../../../components/section-tabs';
import { clearedProjectSearch } from '../project-filters';
import { isProjectTabActive, visibleProjectTabs } from '../project-tabs';
import { projectDetailPath } from './project-labels';

type Props = { projectId: string; rights: readonly ProjectPermission[] };

/**
 * The project's tabs as links, like the organization's: each is a stop in the Tab order and the
 * current one carries aria-current="page". A tab leads to its screen without the list filters (spec
 * section 2); other query parameters stay.
 */
export function ProjectTabsNav({ projectId, rights }: Props) {
  const { pathname, search } = useLocation();
  const base = projectDetailPath(projectId);
  const rest = clearedProjectSearch(search);
  const tabs = visibleProjectTabs(rights).map((tab) => ({
    key: tab.path,
    to: { pathname: tab.path ? `${base}/${tab.path}` : base, search: rest },
    label: tab.label,
    current: isProjectTabActive(tab, base, pathname),
    badge: tab.badge,
  }));
  return <SectionTabs label="Project sections" tabs={tabs} />;
}
