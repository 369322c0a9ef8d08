import { matchPath } from 'react-router';
import type { ProjectPermission } from '@aegis/contracts';
import { SETTINGS_RIGHTS } from './project-settings-rights';

/** One header tab of a project (spec section 2, project header tabs). */
export type ProjectTab = {
  /** The route below /projects/project-detail/{id}; '' is the dashboard. */
  path: string;
  label: string;
  /** Other routes below the project on which this tab is the current one, e.g. 'risk-detail/:riskId'. */
  activeAlso?: readonly string[];
  /** A short marker after the label, e.g. PREVIEW. */
  badge?: string;
  /** Shown only to callers holding at least one of these rights on the project; everyone when absent. */
  anyOf?: readonly ProjectPermission[];
};

/** The tabs in header order. */
export const PROJECT_TABS: readonly ProjectTab[] = [
  { path: '', label: 'Dashboard' },
  // The scoping page (EU AI Act settings, questionnaires, statement of applicability) belongs with the requirements it scopes.
  { path: 'requirements', label: 'Requirements', activeAlso: ['scoping'], anyOf: ['requirements:read'] },
  { path: 'controls', label: 'Controls', activeAlso: ['control-detail/:controlCode'], anyOf: ['controls:read'] },
  { path: 'risks', label: 'Risks', activeAlso: ['risk-detail/:riskId'], anyOf: ['risks:read'] },
  { path: 'evidence', label: 'Evidence', activeAlso: ['evidence-detail/:evidenceId'], anyOf: ['evidences:read'] },
  { path: 'assets', label: 'Assets', activeAlso: ['asset-detail/:assetId'], anyOf: ['asset_cards:read'] },
  { path: 'testing', label: 'Testing', badge: 'PREVIEW', activeAlso: ['test-detail/:testId'], anyOf: ['testing_test:read'] },
  { path: 'settings', label: 'Settings', anyOf: SETTINGS_RIGHTS },
];

export function visibleProjectTabs(rights: readonly ProjectPermission[], tabs: readonly ProjectTab[] = PROJECT_TABS): ProjectTab[] {
  return tabs.filter((tab) => !tab.anyOf || tab.anyOf.some((right) => rights.includes(right)));
}

/** Whether `tab` is the current one at `pathname`, given the project's own path. */
export function isProjectTabActive(tab: ProjectTab, projectPath: string, pathname: string): boolean {
  if (pathname !== projectPath && !pathname.startsWith(`${projectPath}/`)) return false;
  const below = `/${pathname.slice(projectPath.length).replace(/^\/+|\/+$/g, '')}`;
  if (tab.path === '') return below === '/';
  return [tab.path, ...(tab.activeAlso ?? [])].some((path) => matchPath({ path: `/${path}`, end: false }, below) !== null);
}
