import { projectPath } from '../../lib/project-paths';

/** The Testing tab, on one of its views (tests, sources and metrics, results). */
export const testingPath = (projectId: string, view?: 'sources' | 'results') => `${projectPath(projectId)}/testing${view ? `?view=${view}` : ''}`;

export const testDetailPath = (projectId: string, testId: string) => `${projectPath(projectId)}/test-detail/${encodeURIComponent(testId)}`;
