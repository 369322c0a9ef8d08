/** Where a project's screens live (spec section 2), for the features that link to one another's screens. */
export const projectPath = (projectId: string) => `/projects/project-detail/${encodeURIComponent(projectId)}`;

export const requirementsPath = (projectId: string) => `${projectPath(projectId)}/requirements`;

export const controlsPath = (projectId: string) => `${projectPath(projectId)}/controls`;

export const controlDetailPath = (projectId: string, controlCode: string) => `${projectPath(projectId)}/control-detail/${encodeURIComponent(controlCode)}`;

export const risksPath = (projectId: string) => `${projectPath(projectId)}/risks`;

export const riskDetailPath = (projectId: string, riskId: string) => `${projectPath(projectId)}/risk-detail/${encodeURIComponent(riskId)}`;

/** The project's scoping page: EU AI Act settings, questionnaires and statement of applicability (issue 19). `section` is its anchor. */
export const scopingPath = (projectId: string, section?: 'eu-ai-act' | 'questionnaires' | 'statement-of-applicability') =>
  `${projectPath(projectId)}/scoping${section ? `#${section}` : ''}`;

/**
 * What a link to a list screen may carry in its navigation state: the list keeps the filters of the
 * link instead of dropping them as a change of screen otherwise does (features/projects/use-clear-project-filters.ts).
 */
export type KeepFiltersState = { keepProjectFilters: true };
export const KEEP_FILTERS: KeepFiltersState = { keepProjectFilters: true };

/** Where a detail screen's way back leads, handed over in the navigation state by the screen that links to it. */
export type BackLinkState = { back?: { label: string; pathname: string; search: string } };
