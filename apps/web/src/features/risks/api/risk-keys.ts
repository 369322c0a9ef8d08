import { projectKey } from '../../../lib/query-keys';

/**
 * Everything cached about a project's risks sits under one key below the project's: a change to a
 * risk refreshes its lists, the heat map and the detail together, and the live stream's project-wide
 * refresh (another concept's event) reaches them too.
 */
export const risksKey = (projectId: string) => [...projectKey(projectId), 'risks'] as const;

export const riskListKey = (projectId: string) => [...risksKey(projectId), 'list'] as const;
export const riskHeatMapKey = (projectId: string) => [...risksKey(projectId), 'heat-map'] as const;
/** One risk and what hangs on it (treatment, strategies, controls), so that a change to it refreshes them all. */
export const riskKey = (projectId: string, riskId: string) => [...risksKey(projectId), 'detail', riskId] as const;

/** The organization's matrix and appetite: every risk screen levels by them. */
export const riskSettingsKey = (organizationId: string) => ['risk-settings', organizationId] as const;
